import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
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
  const changes = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (changes.length === 0) return;
  await upsertCounters(db, String(changes.length), ...changes.flat());
}

// one statement for all of a change's counters; the shape is how many there are (keys are distinct)
const upsertCounters = preparedQuery((db, shape, ...pairs: (string | number)[]) =>
  db
    .insertInto('counters')
    .values(
      Array.from({ length: Number(shape) }, (_, i) => ({
        key: pairs[2 * i] as string,
        value: pairs[2 * i + 1] as number,
      })),
    )
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`counters.value + excluded.value` })),
);

// the shape is how many keys are read
const countersByKeys = preparedQuery((db, _shape, ...keys: string[]) =>
  db.selectFrom('counters').select(['key', 'value']).where('key', 'in', keys),
);

// the shape is the dialect: both aggregate the rows into one JSON object, under their own names
const allCounters = preparedQuery((db, dialect) =>
  db
    .selectFrom('counters')
    .select(
      (dialect === 'postgres'
        ? sql<string | null>`json_object_agg(key, value)::text`
        : sql<string | null>`json_group_object(key, value)`
      ).as('counters'),
    ),
);

/**
 * Every counter. The keys are a fixed set (four statuses for each of a dozen-odd scopes, plus
 * feedback), under a hundred rows, so reading them all beats looking each one up; and as one JSON
 * text, since turning each row into a JS object cost more than SQLite's own work.
 */
export async function readAllCounters(database: Database): Promise<Record<string, number>> {
  const [row] = await allCounters(database, database.dialect);
  return row?.counters ? (JSON.parse(row.counters) as Record<string, number>) : {};
}

export async function readCounters(
  db: Database | Transaction<DB>,
  keys: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  if (keys.length === 0) return out;
  const rows = await countersByKeys(db, String(keys.length), ...keys);
  for (const r of rows) out[r.key] = Number(r.value);
  return out;
}
