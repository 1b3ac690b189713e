import { randomInt } from 'node:crypto';
import { MSG_SECURITY, type TRole, type TUser } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Ctx } from '../context';
import type { DB } from '../db/schema';
import { newSessionToken, sha256 } from '../lib/crypto';
import { badRequest, conflict, forbidden, unauthorized } from '../lib/errors';
import { type AuditActor, recordAudit } from './audit';
import { createSession } from './sessions';
import { toUser, USER_COLUMNS, type UserRow } from './users';

/**
 * CONTRACT 6.5: two-step sign-in with a time-based code (RFC 6238: 6 digits, 30 seconds, one step
 * of drift either way) from an authenticator app, for admins and, by their choice, authorities.
 * The codes are made and checked by `otpauth`; this file keeps which step was last accepted (a
 * code works once), the recovery codes (stored hashed, each accepted once) and sign-in tickets.
 */

const PERIOD_MS = 30_000;
const ISSUER = 'BIT Mesra Complaints';
export const TICKET_TTL_MS = 5 * 60_000;
export const TICKET_MAX_WRONG = 5;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

const mayUseTwoFactor = (role: TRole) => role === 'admin' || role === 'authority';

/** ADMIN_2FA=required and an admin: it may not be turned off. */
export const twoFactorRequiredFor = (ctx: Ctx, user: Pick<UserRow, 'role'>) =>
  ctx.config.admin2fa === 'required' && user.role === 'admin';

const normalRecovery = (code: string) => code.trim().toLowerCase().replace('-', '');
const hashRecovery = (code: string) => sha256(`recovery:${normalRecovery(code)}`);

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Accepts a code of a user whose two-step sign-in is on (or, with `pending`, being set up): a
 * time-based code of a step newer than the last one accepted, or an unused recovery code (not while
 * setting up). Each is taken by a conditional write, so a code is accepted once even when sent twice
 * at the same moment.
 */
async function acceptCode(ctx: Ctx, db: Db, userId: number, code: string, pending = false): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.enabled_at === null) !== pending) return false;
  const now = ctx.clock.now();
  if (/^\d{6}$/.test(code.trim())) {
    const delta = totpOf(row.secret).validate({ token: code.trim(), timestamp: now, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(now / PERIOD_MS) + delta;
    const taken = await db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }
  if (pending) return false;
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecovery(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) >= 1;
}

export async function twoFactorStatus(ctx: Ctx, user: UserRow) {
  const left = await ctx.database.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    on: user.two_factor_on === 1,
    required: twoFactorRequiredFor(ctx, user),
    recoveryCodesLeft: user.two_factor_on === 1 ? Number(left.n) : 0,
  };
}

/** Makes a new secret to set up (nothing is on yet); a set-up begun earlier is replaced. */
export async function startTwoFactor(ctx: Ctx, user: UserRow) {
  if (!mayUseTwoFactor(user.role)) throw forbidden(MSG_SECURITY.onlyStaff);
  if (user.two_factor_on === 1) throw conflict(MSG_SECURITY.alreadyOn);
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

/** Turns two-step sign-in on with a code of the secret being set up; answers the recovery codes, once. */
export async function confirmTwoFactor(ctx: Ctx, user: UserRow, code: string, ip: string): Promise<string[]> {
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
    if (!(await acceptCode(ctx, trx, user.id, code, true))) throw badRequest(MSG_SECURITY.codeWrong, 'code');
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

/** Turns it off, with a code (refused to admins under ADMIN_2FA=required). */
export async function disableTwoFactor(ctx: Ctx, user: UserRow, code: string, ip: string): Promise<void> {
  if (user.two_factor_on !== 1) throw conflict(MSG_SECURITY.notOn);
  if (twoFactorRequiredFor(ctx, user)) throw forbidden(MSG_SECURITY.requiredForAdmins);
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await acceptCode(ctx, trx, user.id, code))) throw badRequest(MSG_SECURITY.codeWrong, 'code');
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
    ip: null,
    at: now,
  });
  return true;
}

/** After a correct password: a ticket for the second step, no session yet. */
export async function issueLoginTicket(ctx: Ctx, userId: number, remember: boolean): Promise<string> {
  const ticket = newSessionToken();
  const now = ctx.clock.now();
  await ctx.database.db
    .insertInto('login_tickets')
    .values({
      token_hash: sha256(ticket),
      user_id: userId,
      remember: remember ? 1 : 0,
      attempts: 0,
      created_at: now,
      expires_at: now + TICKET_TTL_MS,
      used_at: null,
    })
    .execute();
  // tickets of the past are of no use to anyone: kept only while they may be shown to the server
  await ctx.database.db
    .deleteFrom('login_tickets')
    .where('expires_at', '<', now - TICKET_TTL_MS)
    .execute();
  return ticket;
}

/**
 * The second step: a ticket and a code make a session. A ticket lives 5 minutes, burns after 5
 * wrong codes (counted by a conditional write, so codes sent at once cannot pass the limit
 * together) and makes one session.
 */
export async function completeTwoFactorLogin(
  ctx: Ctx,
  ticket: string,
  code: string,
): Promise<{ token: string; user: TUser; expiresAt: number; userId: number; remember: boolean }> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const expired = unauthorized(MSG_SECURITY.signInExpired);
  const row = await db
    .selectFrom('login_tickets')
    .select(['id', 'user_id', 'remember'])
    .where('token_hash', '=', sha256(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', TICKET_MAX_WRONG)
    .executeTakeFirst();
  if (!row) throw expired;
  const userId = Number(row.user_id);
  if (!(await acceptCode(ctx, db, userId, code))) {
    const counted = await db
      .updateTable('login_tickets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', TICKET_MAX_WRONG)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw expired;
    throw badRequest(MSG_SECURITY.codeWrong, 'code');
  }
  return db.transaction().execute(async (trx) => {
    const burnt = await trx
      .updateTable('login_tickets')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(burnt.numUpdatedRows) !== 1) throw expired;
    const user = await trx
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.two_factor_on !== 1) throw expired;
    const session = await createSession(ctx, userId, row.remember === 1, trx);
    return {
      token: session.token,
      user: toUser(user),
      expiresAt: session.expiresAt,
      userId,
      remember: row.remember === 1,
    };
  });
}
