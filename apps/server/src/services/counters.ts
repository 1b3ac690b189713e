import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { preparedQuery } from '../lib/prepared';

/**
 * Counters maintained in the same transaction as the rows they count, so every count and stat is
 * a primary-key read however many complaints there are.
 *
 * Key conventions:
 * - `c:<scope>:<status>` complaints per scope and status; scope is `all`, `type:Hostel`,
 *   `type:College`, `hostel:<n>`, `network` (subType Network or Internet).
 * - `fb:count`, `fb:sum`: number of feedback rows and the sum of their ratings.
 */
export async function bumpCounters(
  db: Kysely<DB> | Transaction<DB>,
  deltas: Record<string, number>,
): Promise<void> {
  for (const [key, delta] of Object.entries(deltas)) {
    if (delta === 0) continue;
    await db
      .insertInto('counters')
      .values({ key, value: delta })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`counters.value + ${delta}` }))
      .execute();
  }
}

// the shape is how many keys are read
const countersByKeys = preparedQuery((db, _shape, ...keys: string[]) =>
  db.selectFrom('counters').select(['key', 'value']).where('key', 'in', keys),
);

export async function readCounters(db: Kysely<DB>, keys: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  if (keys.length === 0) return out;
  const rows = await countersByKeys(db, String(keys.length), ...keys);
  for (const r of rows) out[r.key] = Number(r.value);
  return out;
}
