/**
 * A submission's statements (CONTRACT 7.2): the year's next number, and the insert that keeps a
 * student's five a day in one conditional write.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The year's next grievance number, by one upsert: on PostgreSQL it locks the year's row until the
 * submission commits, so numbers are given in the order of the commits and a refused submission
 * (rolled back) leaves no gap.
 */
export async function nextNumber(trx: Transaction<DB>, year: number): Promise<number> {
  const row = await trx
    .insertInto('grievance_years')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql`grievance_years.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export type NewGrievance = Record<string, string | number>;

/**
 * A submission, if and only if the student submitted fewer than `max` in the day before `since`:
 * one conditional write (INSERT … SELECT … WHERE), its values cast so that PostgreSQL types the
 * SELECT list's parameters as the columns'. Undefined when the limit is reached.
 */
export async function insertIfUnderQuota(
  trx: Transaction<DB>,
  values: NewGrievance,
  quota: { studentId: number; since: number; max: number },
): Promise<number | undefined> {
  const columns = Object.keys(values);
  const selected = columns.map((c) => {
    const v = values[c]!;
    return typeof v === 'number' ? sql`cast(${v} as bigint)` : sql`cast(${v} as text)`;
  });
  const result = await sql<{ id: number }>`
    insert into grievances (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(selected)}
    where (
      select count(*) from (
        select 1 from grievances
        where student_id = ${quota.studentId} and created_at > ${quota.since}
        limit ${quota.max}
      ) recent
    ) < ${quota.max}
    returning id`.execute(trx);
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : Number(id);
}

/** When the student's `max`-th newest submission of the last day was made (for Retry-After). */
export async function quotaEdge(trx: Transaction<DB>, studentId: number, since: number, max: number) {
  const rows = await trx
    .selectFrom('grievances')
    .select('created_at')
    .where('student_id', '=', studentId)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .limit(max)
    .execute();
  return rows.length > 0 ? Number(rows[rows.length - 1]!.created_at) : undefined;
}
