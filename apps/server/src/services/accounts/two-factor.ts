import { randomInt } from 'node:crypto';
import { MSG_SECURITY, type TRole, type TUser } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { newSessionToken, sha256 } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import { twoFactorLockMail } from '../../mail/templates';
import { type AuditActor, type AuditSource, recordAudit } from '../oversight/audit';
import { createSession, revokeAllSessions } from './sessions';
import {
  LIMITS,
  loginKeys,
  refund,
  secondsUntilFree,
  spend,
  spendCounted,
  trySpend,
  twoFactorKeys,
} from './throttle';
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
async function acceptCode(ctx: Ctx, db: Db, userId: number, code: string, pending = false): Promise<Verdict> {
  const row = await db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.enabled_at === null) !== pending) return 'wrong';
  const now = ctx.clock.now();
  if (/^\d{6}$/.test(code.trim())) {
    const delta = totpOf(row.secret).validate({ token: code.trim(), timestamp: now, window: 1 });
    if (delta === null) return 'wrong';
    const step = Math.floor(now / PERIOD_MS) + delta;
    const taken = await db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? 'app' : 'wrong';
  }
  if (pending) return 'wrong';
  const hash = hashRecovery(code);
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) >= 1) return 'recovery';
  // issue 51: a recovery code used before is told apart from a mistyped one (it is still a wrong code)
  const spent = await db
    .selectFrom('recovery_codes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return spent ? 'used' : 'wrong';
}

/** What a code turned out to be: accepted from the app or as a recovery code, or refused. */
type Verdict = 'app' | 'recovery' | 'wrong' | 'used';
const accepted = (v: Verdict) => v === 'app' || v === 'recovery';
const refusal = (v: Verdict) =>
  badRequest(v === 'used' ? MSG_SECURITY.recoveryCodeUsed : MSG_SECURITY.codeWrong, 'code');

async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}

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
 * CONTRACT 6.7: a wrong code locked the account's codes (the tenth in its window): its owner is
 * mailed, once a lock. Whether this is the lock's mail is decided by one conditional write on its
 * own key, so two wrong codes finishing together never mail twice.
 */
async function mailCodesLocked(ctx: Ctx, user: { email: string; name: string }): Promise<void> {
  if (!(await trySpend(ctx, twoFactorKeys(user.email).mailed, LIMITS.twoFactorLockMail))) return;
  const mail = twoFactorLockMail(user.email, user.name, `${ctx.config.publicUrl}/forgot-password`);
  // a warning that the password is known, like a one-time code: not an event the mail preferences govern
  await enqueueMail(ctx.database.db, mail, ctx.clock.now());
  ctx.mailQueued();
}

/**
 * The second step: a ticket and a code make a session. A ticket lives 5 minutes, burns after 5
 * wrong codes (counted by a conditional write, so codes sent at once cannot pass the limit
 * together) and makes one session. Wrong codes are also counted per account over every ticket
 * (CONTRACT 6.7: each right password gives a new ticket): 10 in a quiet 15 minutes and every code
 * is refused with 429, a right one too. As for passwords (decision 0023) the try is counted before
 * the code is checked, by one conditional write, and given back when the code was right.
 */
export async function completeTwoFactorLogin(
  ctx: Ctx,
  ticket: string,
  code: string,
): Promise<{
  token: string;
  user: TUser;
  expiresAt: number;
  userId: number;
  remember: boolean;
  recoveryCodesLeft?: number;
}> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const expired = unauthorized(MSG_SECURITY.signInExpired);
  const row = await db
    .selectFrom('login_tickets')
    .innerJoin('users', 'users.id', 'login_tickets.user_id')
    .select([
      'login_tickets.id',
      'login_tickets.user_id',
      'login_tickets.remember',
      'users.email',
      'users.name',
    ])
    .where('login_tickets.token_hash', '=', sha256(ticket))
    .where('login_tickets.used_at', 'is', null)
    .where('login_tickets.expires_at', '>', now)
    .where('login_tickets.attempts', '<', TICKET_MAX_WRONG)
    .executeTakeFirst();
  if (!row) throw expired;
  const userId = Number(row.user_id);
  const limit = LIMITS.twoFactorPerAccount;
  const key = twoFactorKeys(row.email).account;
  const count = await spendCounted(ctx, key, limit, 'quiet');
  if (count === null) throw tooMany(MSG_SECURITY.codesLocked, await secondsUntilFree(ctx, key, limit));
  const verdict = await acceptCode(ctx, db, userId, code);
  if (!accepted(verdict)) {
    if (count >= limit.max) await mailCodesLocked(ctx, row);
    const counted = await db
      .updateTable('login_tickets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', TICKET_MAX_WRONG)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw expired;
    throw refusal(verdict);
  }
  await refund(ctx, [key]);
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
      ...(verdict === 'recovery' ? { recoveryCodesLeft: await recoveryCodesLeft(trx, userId) } : {}),
    };
  });
}
