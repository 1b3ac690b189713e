import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';

const STATUS = ['Pending', 'In Progress', 'Resolved', 'Rejected'];
const keyOf = (parts: unknown[]) => parts.map(String).join('|');

/**
 * The report rollup (migration 009) as its triggers should have left it, computed straight from
 * the complaints, and as it is: both as "kind|period|type|category|value|hostel" → count.
 */
export async function rollupAgainstComplaints(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('complaints')
    .select([
      'filed_month',
      'filed_day',
      'type',
      'sub_type',
      'hostel_no',
      'status',
      'res_bucket',
      'fr_bucket',
    ])
    .execute();
  const expected = new Map<string, number>();
  const bump = (parts: unknown[]) => expected.set(keyOf(parts), (expected.get(keyOf(parts)) ?? 0) + 1);
  for (const r of rows) {
    const status = STATUS.indexOf(r.status);
    const hostel = r.hostel_no === null ? null : Number(r.hostel_no);
    for (const [unit, period] of [
      ['m', r.filed_month],
      ['d', r.filed_day],
    ] as const) {
      bump([`${unit}s`, period, r.type, r.sub_type, status, 0]);
      if (hostel !== null) bump([`${unit}S`, period, r.type, r.sub_type, status, hostel]);
      if (r.res_bucket !== null) {
        bump([`${unit}r`, period, r.type, r.sub_type, r.res_bucket, 0]);
        if (hostel !== null) bump([`${unit}R`, period, r.type, r.sub_type, r.res_bucket, hostel]);
      }
      if (r.fr_bucket !== null) {
        bump([`${unit}f`, period, r.type, '', r.fr_bucket, 0]);
        if (hostel !== null) bump([`${unit}F`, period, r.type, '', r.fr_bucket, hostel]);
      }
    }
  }
  const stored = await db
    .selectFrom('report_rollup')
    .select(['kind', 'period', 'type', 'sub_type', 'value', 'hostel_no', 'n'])
    .where('n', '<>', 0)
    .execute();
  // PostgreSQL spreads a key over shards (migration 009): their sum is the count
  const actual = new Map<string, number>();
  for (const r of stored) {
    const key = keyOf([r.kind, r.period, r.type, r.sub_type, r.value, r.hostel_no]);
    actual.set(key, (actual.get(key) ?? 0) + Number(r.n));
  }
  for (const [key, n] of actual) if (n === 0) actual.delete(key);
  return { expected, actual };
}
