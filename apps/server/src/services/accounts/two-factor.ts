import { MSG_SECURITY, type TRole } from '@bit/contract';
import type { Transaction } from 'kysely';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { type AuditActor, type AuditSource, recordAudit } from '../oversight/audit';
import { revokeAllSessions } from './sessions';
import { refund, spend } from './throttle';
import { loginKeys } from './throttle-keys';
import { LIMITS } from './throttle-limits';
import {
  acceptCode,
  accepted,
  type Db,
  hashRecovery,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodesLeft,
  refusal,
  totpOf,
} from './two-factor-codes';
import type { UserRow } from './users';

/**
 * CONTRACT 6.5: two-step sign-in with a time-based code from an authenticator app, for admins and,
 * by their choice, authorities. This file turns it on and off (and resets it); its codes are
 * two-factor-codes.ts's, the sign-in's second step two-factor-login.ts's.
 */

const mayUseTwoFactor = (role: TRole) => role === 'admin' || role === 'authority';

/** ADMIN_2FA=required and an admin: it may not be turned off. */
export const twoFactorRequiredFor = (ctx: Ctx, user: Pick<UserRow, 'role'>) =>
  ctx.config.admin2fa === 'required' && user.role === 'admin';

/**
 * CONTRACT 6.7: turning two-step sign-in on or off takes the current password, so a session left
 * open on a shared computer is not enough. A wrong one counts as a failed login of the account, the
 * way the sign-in limit counts them (decision 0023): counted before the check by one conditional
 * write, given back when right; while the account is locked, 429.
 */
async function checkPassword(ctx: Ctx, user: UserRow, password: string): Promise<void> {
  const key = loginKeys(user.email, '').account;
  await spend(ctx, [{ key, limit: LIMITS.loginPerAccount, kind: 'quiet' }]);
  const row = await ctx.database.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, password))) {
    throw badRequest(MSG_SECURITY.wrongPassword, 'password');
  }
  await refund(ctx, [key]);
}

export async function twoFactorStatus(ctx: Ctx, user: UserRow) {
  const left = await recoveryCodesLeft(ctx.database.db, user.id);
  return {
    on: user.two_factor_on === 1,
    required: twoFactorRequiredFor(ctx, user),
    recoveryCodesLeft: user.two_factor_on === 1 ? left : 0,
  };
}

/**
 * Makes a new secret to set up, with the current password (nothing is on yet); a set-up begun
 * earlier is replaced.
 */
export async function startTwoFactor(ctx: Ctx, user: UserRow, password: string) {
  if (!mayUseTwoFactor(user.role)) throw forbidden(MSG_SECURITY.onlyStaff);
  if (user.two_factor_on === 1) throw conflict(MSG_SECURITY.alreadyOn);
  await checkPassword(ctx, user, password);
  const secret = new Secret({ size: 20 }).base32;
  const now = ctx.clock.now();
  await ctx.database.db
    .insertInto('two_factor')
    .values({ user_id: user.id, secret, enabled_at: null, last_step: 0, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, last_step: 0, created_at: now })
        .where('two_factor.enabled_at', 'is', null),
    )
    .execute();
  const otpauthUrl = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Turns two-step sign-in on with a code of the secret being set up; answers the recovery codes, once.
 * Every other session of the account ends (CONTRACT 6.7): one opened with the password alone, maybe
 * by whoever else knows it, would otherwise outlive the change; the session that confirmed stays.
 */
export async function confirmTwoFactor(
  ctx: Ctx,
  user: UserRow,
  code: string,
  ip: string,
  sessionId: number,
): Promise<string[]> {
  if (!mayUseTwoFactor(user.role)) throw forbidden(MSG_SECURITY.onlyStaff);
  if (user.two_factor_on === 1) throw conflict(MSG_SECURITY.alreadyOn);
  const pending = await ctx.database.db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', user.id)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  if (!pending) throw conflict(MSG_SECURITY.notStarted);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!accepted(await acceptCode(ctx, trx, user.id, code, true))) {
      throw badRequest(MSG_SECURITY.codeWrong, 'code');
    }
    const on = await trx
      .updateTable('two_factor')
      .set({ enabled_at: now })
      .where('user_id', '=', user.id)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(on.numUpdatedRows) !== 1) throw conflict(MSG_SECURITY.alreadyOn);
    await trx
      .updateTable('users')
      .set({ two_factor_on: 1, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: user.id, code_hash: hashRecovery(c), used_at: null })))
      .execute();
    await revokeAllSessions(ctx, user.id, trx, { except: sessionId });
    await recordAudit(trx, {
      actor: user,
      action: 'two-factor.on',
      target: { type: 'user', id: user.id },
      ip,
      at: now,
    });
  });
  return codes;
}

/** Turns it off, with a code and the password (refused to admins under ADMIN_2FA=required). */
export async function disableTwoFactor(
  ctx: Ctx,
  user: UserRow,
  code: string,
  password: string,
  ip: string,
): Promise<void> {
  if (user.two_factor_on !== 1) throw conflict(MSG_SECURITY.notOn);
  if (twoFactorRequiredFor(ctx, user)) throw forbidden(MSG_SECURITY.requiredForAdmins);
  await checkPassword(ctx, user, password);
  await ctx.database.db.transaction().execute(async (trx) => {
    const verdict = await acceptCode(ctx, trx, user.id, code);
    if (!accepted(verdict)) throw refusal(verdict);
    await turnOff(trx, user.id, ctx.clock.now());
    await recordAudit(trx, {
      actor: user,
      action: 'two-factor.off',
      target: { type: 'user', id: user.id },
      ip,
      at: ctx.clock.now(),
    });
  });
}

async function turnOff(trx: Db, userId: number, now: number) {
  await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .updateTable('users')
    .set({ two_factor_on: 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * `npm run create-admin` for an admin who lost their phone and their recovery codes: off, with an
 * audit entry by the command line. Answers whether it was on.
 */
export async function resetTwoFactor(
  ctx: Ctx,
  trx: Transaction<DB>,
  userId: number,
  actor: AuditActor = null,
  ip: string | null = null,
) {
  const row = await trx
    .selectFrom('users')
    .select('two_factor_on')
    .where('id', '=', userId)
    .executeTakeFirst();
  const pending = await trx
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row?.two_factor_on !== 1 && !pending) return false;
  const now = ctx.clock.now();
  await turnOff(trx, userId, now);
  await recordAudit(trx, {
    actor,
    action: 'two-factor.reset',
    target: { type: 'user', id: userId },
    ip,
    at: now,
  });
  return true;
}

/**
 * CONTRACT 6.7: an admin turns off the two-step sign-in of an authority who lost the phone and the
 * recovery codes, audited `two-factor.reset` in the same transaction. 404 for anyone but an
 * authority; an authority without it on is answered alike, with nothing to record.
 */
export async function adminResetTwoFactor(ctx: Ctx, by: AuditSource, userId: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const authority = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('role', '=', 'authority')
      .executeTakeFirst();
    if (!authority) throw notFound(MSG_SECURITY.authorityNotFound);
    await resetTwoFactor(ctx, trx, userId, by.actor, by.ip);
  });
}
