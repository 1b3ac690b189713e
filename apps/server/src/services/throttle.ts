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
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  loginPerAddress: { max: 50, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  resetPerAccount: { max: 5, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  resetPerAddress: { max: 30, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  codeMailPerAddress: { max: 1, windowMs: MINUTE, blockMs: MINUTE },
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
