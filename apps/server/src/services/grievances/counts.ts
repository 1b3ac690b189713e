import { committeeOfCategory, type TGrievanceCategory } from '@bit/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { countedInList, type GrievanceViewer } from '../../policy/grievances';

/**
 * The grievances per (category, status) (migration 027), kept in the same transaction as every
 * submission and change of status, as the complaints' counters are (services/counters.ts): a
 * committee's list reads its total from these rows (at most 54) instead of counting its grievances.
 */

/** Adds `delta` to the count of a (category, status): one upsert, atomic on both dialects. */
async function bump(trx: Transaction<DB>, category: string, status: string, delta: number) {
  await trx
    .insertInto('grievance_counts')
    .values({ category, status, committee: committeeOfCategory(category as TGrievanceCategory), n: delta })
    .onConflict((oc) =>
      oc.columns(['category', 'status']).doUpdateSet({ n: sql`grievance_counts.n + excluded.n` }),
    )
    .execute();
}

/** A grievance submitted. */
export const countSubmitted = (trx: Transaction<DB>, category: string) => bump(trx, category, 'Submitted', 1);

/**
 * A grievance's status changed: one less in the old, one more in the new. The two rows are written
 * in one order (by status), so two changes at once on PostgreSQL wait for each other instead of
 * deadlocking.
 */
export async function countStatusChange(trx: Transaction<DB>, category: string, from: string, to: string) {
  if (from === to) return;
  const changes: [string, number][] = [
    [from, -1],
    [to, 1],
  ];
  changes.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (const [status, delta] of changes) await bump(trx, category, status, delta);
}

/**
 * The number of grievances a committee member's list shows with only a status and a category
 * filter (no search, not the overdue filter): the counts of the (category, status) pairs the
 * viewer sees (policy's countedInList).
 */
export async function countedTotal(
  db: Kysely<DB>,
  viewer: GrievanceViewer & { kind: 'member' },
  filter: { status?: string; category?: string },
): Promise<number> {
  let q = db.selectFrom('grievance_counts').select(['committee', 'category', 'status', 'n']);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.category) q = q.where('category', '=', filter.category);
  let total = 0;
  for (const row of await q.execute()) if (countedInList(viewer, row)) total += Number(row.n);
  return total;
}
