import { MSG_SECURITY, type TUser } from '@bit/contract';
import type { Ctx } from '../../context';
import { enqueueMail } from '../../delivery/mail/outbox';
import { twoFactorLockMail } from '../../delivery/mail/templates/accounts';
import { newSessionToken, sha256 } from '../../lib/crypto';
import { tooMany, unauthorized } from '../../lib/errors';
import { createSession } from './sessions';
import { refund, secondsUntilFree, spendCounted, trySpend } from './throttle';
import { twoFactorKeys } from './throttle-keys';
import { LIMITS } from './throttle-limits';
import { acceptCode, accepted, recoveryCodesLeft, refusal } from './two-factor-codes';
import { toUser, USER_COLUMNS } from './users';

/**
 * CONTRACT 6.7: the second step of a sign-in with two-step sign-in on: a ticket for a right
 * password (no session yet), then the ticket and a code make the session.
 */

export const TICKET_TTL_MS = 5 * 60_000;
export const TICKET_MAX_WRONG = 5;

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
