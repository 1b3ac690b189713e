import { isIPv6 } from 'node:net';
import { MSG } from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { tooMany } from '../../lib/errors';

export interface Limit {
  /** events allowed inside the window */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The limits, also written in the README. Kept in the database so every instance counts together,
 * and each decided by one conditional write (spend), so that requests sent at once cannot pass a
 * limit together: PostgreSQL's `INSERT ... ON CONFLICT DO UPDATE ... WHERE` locks the row and
 * judges the newest count; SQLite runs one write at a time.
 */
export const LIMITS = {
  /**
   * CONTRACT 6.5: failed logins of one account, from any addresses, after which a client without
   * the account's device cookie waits; the count lives until 15 minutes pass without a failure
   */
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** failed logins from one address (an IPv6 /64) over any accounts, likewise */
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  /**
   * failed logins from one device cookie of the account: past it, the cookie is not trusted until
   * 15 quiet minutes, so a stolen cookie buys at most this many guesses more
   */
  loginPerDevice: { max: 10, windowMs: 15 * MINUTE },
  /**
   * CONTRACT 6.7: wrong two-step codes of one account, over any tickets (a ticket burns after 5, but
   * each right password gives a new one); the count lives until 15 minutes pass without a wrong one
   */
  twoFactorPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** one mail to the owner per lock of their two-step codes: a lock lasts 15 minutes at least */
  twoFactorLockMail: { max: 1, windowMs: 15 * MINUTE },
  /** wrong reset codes from one address */
  resetPerAddress: { max: 30, windowMs: 60 * MINUTE },
  /** wrong verification codes from one address */
  verifyPerAddress: { max: 30, windowMs: 60 * MINUTE },
  /**
   * sign-ups (each mails a code) from one address: a campus NAT on the first day of term sends many
   * students' sign-ups from one address, all to college mailboxes...
   */
  signupPerAddress: { max: 100, windowMs: 60 * MINUTE },
  /** ...while mail from the college's sender to outside mailboxes is what a phisher wants */
  outsideSignupPerAddress: { max: 10, windowMs: 60 * MINUTE },
  /** resend requests from one address */
  resendPerAddress: { max: 20, windowMs: 60 * MINUTE },
  /** code mails (sign-up, resend, reset) to one email address: one a minute... */
  codeMailPerEmail: { max: 1, windowMs: MINUTE },
  /** ...and five an hour */
  codeMailsPerEmailHourly: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * The longest window of any limit. A row whose window began this long ago is spent for every limit
 * that reads it (the next event starts it over, Retry-After would be past), so the daily clean-up
 * deletes it (throttle-cleanup.ts) and changes no answer. A limit kept in this table outside LIMITS
 * (the sticker sheets') may be no longer: spendCounted refuses one that is.
 */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

/**
 * The part of a client address that a limit counts: an IPv4 address whole, an IPv6 address by its
 * /64 (one customer's network: a host picks any of its 2^64 addresses at will).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * How a key's window runs. `fixed`: from the key's first event, `max` events per window ("five an
 * hour"). `quiet`: the count lives until `windowMs` pass without an event, so a refusal lasts
 * until that long after the last counted one (CONTRACT 6.5: "until 15 minutes have passed since the
 * last failure"); a slow trickle of guesses keeps adding up instead of starting over.
 */
type WindowKind = 'fixed' | 'quiet';

/**
 * Counts one event against a key when its limit allows, in one conditional write: true when
 * counted, false when the limit is reached (nothing is counted then). The row's window_start is the
 * window's first event (`fixed`) or the last event (`quiet`).
 */
export async function trySpend(
  ctx: Ctx,
  key: string,
  limit: Limit,
  kind: WindowKind = 'fixed',
): Promise<boolean> {
  return (await spendCounted(ctx, key, limit, kind)) !== null;
}

/** trySpend that answers the key's count after this event, or null when refused. */
export async function spendCounted(
  ctx: Ctx,
  key: string,
  limit: Limit,
  kind: WindowKind = 'fixed',
): Promise<number | null> {
  // a row of a longer window would be deleted by the daily clean-up while still counting
  if (limit.windowMs > LONGEST_WINDOW_MS)
    throw new Error(`A limit's window exceeds LONGEST_WINDOW_MS: ${key}`);
  const now = ctx.clock.now();
  const expired = now - limit.windowMs;
  const row = await ctx.database.db
    .insertInto('throttle')
    .values({ key, count: 1, window_start: now, blocked_until: 0 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql`case when throttle.window_start <= ${expired} then 1 else throttle.count + 1 end`,
          window_start:
            kind === 'quiet'
              ? sql`${now}`
              : sql`case when throttle.window_start <= ${expired} then ${now} else throttle.window_start end`,
        })
        .where((eb) =>
          eb.or([eb('throttle.window_start', '<=', expired), eb('throttle.count', '<', limit.max)]),
        ),
    )
    .returning('count')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.count);
}

/** Seconds until a key refused by trySpend admits an event again. */
export async function secondsUntilFree(ctx: Ctx, key: string, limit: Limit): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('throttle')
    .select('window_start')
    .where('key', '=', key)
    .executeTakeFirst();
  const start = row ? Number(row.window_start) : ctx.clock.now();
  return (start + limit.windowMs - ctx.clock.now()) / 1000;
}

export interface Spend {
  key: string;
  limit: Limit;
  /** the 429's message */
  message?: string;
  kind?: WindowKind;
}

/**
 * Counts one event against each key, in order; at the first key whose limit is reached, gives back
 * what was counted on the keys before it and throws 429 with Retry-After. Each key is decided by
 * its own conditional write, never by a read followed by a write.
 */
export async function spend(ctx: Ctx, spends: Spend[]): Promise<void> {
  const counted: string[] = [];
  for (const s of spends) {
    if (await trySpend(ctx, s.key, s.limit, s.kind)) {
      counted.push(s.key);
      continue;
    }
    await refund(ctx, counted);
    throw tooMany(s.message ?? MSG.tooManyAttempts, await secondsUntilFree(ctx, s.key, s.limit));
  }
}

/** Gives back one counted event on each key: the request it was counted for turned out allowed. */
export async function refund(ctx: Ctx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.database.db
    .updateTable('throttle')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', 'in', keys)
    .where('count', '>', 0)
    .execute();
}

/**
 * Counts a code mail to an email address, refusing it (429, nothing counted) when one of the same
 * purpose went out in the last minute, or five of any purpose in the last hour. Called whether or
 * not an account exists, so the answers tell nothing about the address.
 */
export const codeMailSpends = (email: string, purpose: 'verify' | 'reset'): Spend[] => [
  { key: `codemail:min:${purpose}:${email}`, limit: LIMITS.codeMailPerEmail, message: MSG.resendTooSoon },
  { key: `codemail:hour:${email}`, limit: LIMITS.codeMailsPerEmailHourly, message: MSG.tooManyCodeMails },
];

/** A per-address budget: the address's key for one kind of request. */
export const addressSpend = (kind: string, ip: string, limit: Limit): Spend => ({
  key: `${kind}:ip:${addressKey(ip)}`,
  limit,
});

export const loginKeys = (email: string, ip: string) => ({
  account: `login:acct:${email}`,
  address: `login:ip:${addressKey(ip)}`,
});

export const deviceLoginKey = (deviceId: string, userId: number) => `login:dev:${deviceId}:${userId}`;

/** CONTRACT 6.7: an account's wrong two-step codes, and the mark that its lock was mailed. */
export const twoFactorKeys = (email: string) => ({
  account: `login:2fa:${email}`,
  mailed: `login:2fa-mail:${email}`,
});

/**
 * After a password reset, the account's failed logins and wrong two-step codes are forgotten: its
 * locks are lifted.
 */
export async function clearLoginFailures(ctx: Ctx, email: string): Promise<void> {
  const codes = twoFactorKeys(email);
  await ctx.database.db
    .deleteFrom('throttle')
    .where('key', 'in', [loginKeys(email, '').account, codes.account, codes.mailed])
    .execute();
}
