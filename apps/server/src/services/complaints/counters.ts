import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';

/**
 * Counters maintained in the same transaction as the rows they count, so every count and stat is
 * a primary-key read however many complaints there are.
 *
 * Key conventions:
 * - `c:<scope>:<status>` complaints per scope and status; scope is `all`, `hostel:<n>`, `network`
 *   (policy/complaints.ts: counterScopeKey) and `type:Hostel`, `type:College` (complaints/counts.ts).
 * - `fb:count`, `fb:sum`: number of feedback rows and the sum of their ratings.
 */
export async function bumpCounters(
  db: Kysely<DB> | Transaction<DB>,
  deltas: Record<string, number>,
): Promise<void> {
  // in one order, so that two transactions bumping the same counters lock them in the same order
  // and wait for each other instead of deadlocking
  const keys = Object.keys(deltas)
    .filter((key) => deltas[key] !== 0)
    .sort();
  const values = keys.map((key) => deltas[key]!);
  if (keys.length === 0) return;
  await upsertCounters(db, { keys, values });
}

// one statement for all of a change's counters (its keys are distinct), one per number of keys
const upsertCounters = preparedQuery((db, p: Placeholders<{ keys: string[]; values: number[] }>) =>
  db
    .insertInto('counters')
    .values(p.keys.map((key, i) => ({ key, value: p.values[i]! })))
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`counters.value + excluded.value` })),
);

const countersByKeys = preparedQuery((db, p: Placeholders<{ keys: readonly string[] }>) =>
  db.selectFrom('counters').select(['key', 'value']).where('key', 'in', p.keys),
);

/**
 * Every counter as one JSON text, both dialects under their own names: the keys are a fixed set
 * (four statuses for each of a dozen-odd scopes, plus feedback), under a hundred rows, so reading
 * them all beats looking each one up; and as one text, since turning each row into a JS object cost
 * more than SQLite's own work. A scalar subquery, for a statement that reads more beside it.
 */
export const allCountersJson = (db: Kysely<DB>, dialect: Dialect) =>
  db
    .selectFrom('counters')
    .select(
      (dialect === 'postgres'
        ? sql<string | null>`json_object_agg(key, value)::text`
        : sql<string | null>`json_group_object(key, value)`
      ).as('counters'),
    );

/** allCountersJson's text as counters by key. */
export const countersFromJson = (text: string | null | undefined): Record<string, number> =>
  text ? (JSON.parse(text) as Record<string, number>) : {};

const allCounters = preparedQuery((db, _p: Placeholders<Record<never, never>>, dialect: Dialect) =>
  allCountersJson(db, dialect),
);

/** Every counter (the admin stats read them with more beside: complaints/stats.ts). */
export async function readAllCounters(database: Database): Promise<Record<string, number>> {
  const [row] = await allCounters(database, database.dialect, {});
  return countersFromJson(row?.counters);
}

export async function readCounters(
  db: Database | Transaction<DB>,
  keys: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  if (keys.length === 0) return out;
  const rows = await countersByKeys(db, { keys });
  for (const r of rows) out[r.key] = Number(r.value);
  return out;
}
