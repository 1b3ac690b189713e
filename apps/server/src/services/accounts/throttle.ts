import { MSG } from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { tooMany } from '../../lib/errors';
import { type Limit, LONGEST_WINDOW_MS } from './throttle-limits';

/**
 * How a limit is counted (decision 0023): one conditional write per key, in the database, so every
 * instance counts together and requests sent at once cannot pass a limit together. The limits are
 * in throttle-limits.ts, the keys and budgets of the sign-in's requests in throttle-keys.ts.
 */

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
