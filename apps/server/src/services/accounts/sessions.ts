import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { newSessionToken, sha256 } from '../../lib/crypto';
import { sessionByTokenHash } from './sessions.queries';
import type { UserRow } from './users';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionInfo {
  sessionId: number;
  user: UserRow;
}

/** Starts a session; only the token's hash is stored, so a leaked table holds no usable token. */
export async function createSession(
  ctx: Ctx,
  userId: number,
  remember: boolean,
  trx?: Transaction<DB>,
): Promise<{ token: string; expiresAt: number }> {
  const token = newSessionToken();
  const now = ctx.clock.now();
  const expiresAt = now + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS);
  await (trx ?? ctx.database.db)
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** The hash a token is stored under, or null for a text that cannot be a token. */
export function tokenHashOf(token: string): string | null {
  if (token.length < 20 || token.length > 200) return null;
  return sha256(token);
}

/** A session row read with a request's own data (sessions.queries.ts: liveSession). */
export function sessionOf(row: UserRow & { session_id: number }): SessionInfo {
  const { session_id, ...user } = row;
  return { sessionId: Number(session_id), user };
}

/** The live session for a token, with its user; runs on every signed-in request. */
export async function findSession(ctx: Ctx, token: string): Promise<SessionInfo | null> {
  const tokenHash = tokenHashOf(token);
  return tokenHash ? findSessionByHash(ctx, tokenHash) : null;
}

export async function findSessionByHash(ctx: Ctx, tokenHash: string): Promise<SessionInfo | null> {
  const [row] = await sessionByTokenHash(ctx.database, { tokenHash });
  if (!row || row.revoked_at !== null || Number(row.expires_at) <= ctx.clock.now()) return null;
  const { session_id, expires_at: _e, revoked_at: _r, ...user } = row;
  return { sessionId: Number(session_id), user };
}

/**
 * THE way a session ends (a logout). CONTRACT 6.7: a push subscription belongs to the session that
 * made it, so the session's subscriptions (and their queued pushes) go with it, in one transaction:
 * nothing is pushed to a browser that is signed out.
 */
export async function revokeSession(ctx: Ctx, sessionId: number, trx?: Transaction<DB>): Promise<void> {
  if (!trx) return ctx.database.db.transaction().execute((t) => revokeSession(ctx, sessionId, t));
  await trx
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

/**
 * THE way every session of an account ends (a password reset, the admin reset on the command line),
 * or every one but `except` (two-step sign-in confirmed in that session): their push subscriptions
 * are deleted with them, as revokeSession's are.
 */
export async function revokeAllSessions(
  ctx: Ctx,
  userId: number,
  trx?: Transaction<DB>,
  options: { except?: number } = {},
): Promise<void> {
  if (!trx) return ctx.database.db.transaction().execute((t) => revokeAllSessions(ctx, userId, t, options));
  const { except } = options;
  let revoke = trx
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except !== undefined) revoke = revoke.where('id', '!=', except);
  await revoke.execute();
  let subscriptions = trx.deleteFrom('push_subscriptions').where('user_id', '=', userId);
  if (except !== undefined) subscriptions = subscriptions.where('session_id', '!=', except);
  await subscriptions.execute();
}
