import { MSG } from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../context';
import { tooMany } from '../lib/errors';

export interface Limit {
  /** failures allowed inside the window before the key is blocked */
  max: number;
  windowMs: number;
  blockMs: number;
}

const MINUTE = 60_000;

/** The limits, also written in the README. Kept in the database so every instance counts together. */
export const LIMITS = {
  /** failed logins of one account from one address: then that pair waits */
  loginPerAccountAndAddress: { max: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** failed logins of one account from anywhere: then only addresses with no failure on it may try */
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** failed logins from one address on any account: then it may not retry the accounts it failed on */
  loginPerAddress: { max: 50, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** wrong reset codes from one address */
  resetPerAddress: { max: 30, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** wrong verification codes from one address */
  verifyPerAddress: { max: 30, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /**
   * sign-ups (each mails a code) from one address: a campus NAT on the first day of term sends many
   * students' sign-ups from one address, all to college mailboxes...
   */
  signupPerAddress: { max: 100, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** ...while mail from the college's sender to outside mailboxes is what a phisher wants */
  outsideSignupPerAddress: { max: 10, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** resend requests from one address */
  resendPerAddress: { max: 20, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  /** code mails (sign-up, resend, reset) to one email address: one a minute... */
  codeMailPerEmail: { max: 1, windowMs: MINUTE, blockMs: MINUTE },
  /** ...and five an hour */
  codeMailsPerEmailHourly: { max: 5, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** Throws 429 with Retry-After when any of the keys is blocked now. */
export async function assertNotThrottled(ctx: Ctx, keys: string[], message: string = MSG.tooManyAttempts) {
  const now = ctx.clock.now();
  const rows = await ctx.database.db
    .selectFrom('throttle')
    .select(['blocked_until'])
    .where('key', 'in', keys)
    .where('blocked_until', '>', now)
    .execute();
  if (rows.length > 0) {
    const until = Math.max(...rows.map((r) => r.blocked_until));
    throw tooMany(message, (until - now) / 1000);
  }
}

/** Counts one event against a key, atomically, and blocks the key when it reaches the limit. */
export async function recordHit(ctx: Ctx, key: string, limit: Limit): Promise<void> {
  const now = ctx.clock.now();
  const windowStart = now - limit.windowMs;
  const row = await ctx.database.db
    .insertInto('throttle')
    .values({ key, count: 1, window_start: now, blocked_until: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when throttle.window_start < ${windowStart} then 1 else throttle.count + 1 end`,
        window_start: sql`case when throttle.window_start < ${windowStart} then ${now} else throttle.window_start end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= limit.max) {
    await ctx.database.db
      .updateTable('throttle')
      .set({ blocked_until: now + limit.blockMs, count: 0, window_start: now })
      .where('key', '=', key)
      .execute();
  }
}

export async function clearThrottle(ctx: Ctx, key: string): Promise<void> {
  await ctx.database.db.deleteFrom('throttle').where('key', '=', key).execute();
}

/**
 * Counts a code mail to an email address, refusing it (429, nothing counted) when one of the same
 * purpose went out in the last minute, or five of any purpose in the last hour. Called whether or
 * not an account exists, so the answers tell nothing about the address.
 */
export async function spendCodeMail(ctx: Ctx, email: string, purpose: 'verify' | 'reset'): Promise<void> {
  const minute = `codemail:min:${purpose}:${email}`;
  const hour = `codemail:hour:${email}`;
  await assertNotThrottled(ctx, [minute], MSG.resendTooSoon);
  await assertNotThrottled(ctx, [hour], MSG.tooManyCodeMails);
  await recordHit(ctx, minute, LIMITS.codeMailPerEmail);
  await recordHit(ctx, hour, LIMITS.codeMailsPerEmailHourly);
}

/** Throws 429 when the address has used up a per-address limit, then counts this request against it. */
export async function spendAddressBudget(ctx: Ctx, key: string, limit: Limit): Promise<void> {
  await assertNotThrottled(ctx, [key]);
  await recordHit(ctx, key, limit);
}

const loginKeys = (email: string, ip: string) => ({
  pair: `login:pair:${email}|${ip}`,
  account: `login:acct:${email}`,
  address: `login:ip:${ip}`,
});

/**
 * May this address try a password for this account now? Failures are counted per account and
 * address together (CONTRACT 5.9), so nobody can lock someone else out: an address that has not
 * failed on an account recently always gets its password checked. Only when the account (or the
 * address) has seen many failures does one failure of this pair already make it wait.
 */
export async function assertMayTryLogin(ctx: Ctx, email: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  const keys = loginKeys(email, ip);
  const rows = await ctx.database.db
    .selectFrom('throttle')
    .selectAll()
    .where('key', 'in', [keys.pair, keys.account, keys.address])
    .execute();
  const row = (key: string) => rows.find((r) => r.key === key);
  const pair = row(keys.pair);
  if (!pair) return;
  if (pair.blocked_until > now) throw tooMany(MSG.tooManyAttempts, (pair.blocked_until - now) / 1000);
  const pairFailed = pair.count > 0 && pair.window_start > now - LIMITS.loginPerAccountAndAddress.windowMs;
  if (!pairFailed) return;
  const hot = [row(keys.account), row(keys.address)].filter((r) => r && r.blocked_until > now);
  if (hot.length > 0) {
    throw tooMany(MSG.tooManyAttempts, (Math.max(...hot.map((r) => r!.blocked_until)) - now) / 1000);
  }
}

export async function recordLoginFailure(ctx: Ctx, email: string, ip: string): Promise<void> {
  const keys = loginKeys(email, ip);
  await recordHit(ctx, keys.pair, LIMITS.loginPerAccountAndAddress);
  await recordHit(ctx, keys.account, LIMITS.loginPerAccount);
  await recordHit(ctx, keys.address, LIMITS.loginPerAddress);
}

/**
 * A correct password clears the pair's failures and the account's: the owner got in, and an attacker
 * elsewhere gains at most another ten guesses before the account is hot again.
 */
export async function recordLoginSuccess(ctx: Ctx, email: string, ip: string): Promise<void> {
  const keys = loginKeys(email, ip);
  await ctx.database.db.deleteFrom('throttle').where('key', 'in', [keys.pair, keys.account]).execute();
}

/** After a password reset, every failure counted on the account is forgotten. */
export async function clearLoginFailures(ctx: Ctx, email: string): Promise<void> {
  const pairPattern = `login:pair:${email.replace(/[\\%_]/g, (c) => `\\${c}`)}|%`;
  await ctx.database.db
    .deleteFrom('throttle')
    .where((eb) =>
      eb.or([
        eb('key', '=', `login:acct:${email}`),
        sql<boolean>`${eb.ref('key')} like ${pairPattern} escape '\\'`,
      ]),
    )
    .execute();
}
