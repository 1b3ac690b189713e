/**
 * The grievances' statements (CONTRACT 7.2). Who may see a grievance is policy/grievances.ts's to
 * say; these read and write what the services decided.
 */
import type { TCommitteeKey } from '@bit/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { RECIPIENT_COLUMNS, type Recipient } from '../../delivery/notify';

type Db = Kysely<DB> | Transaction<DB>;

/** The committees a user sits on now (an approved, verified authority: decision 0030). */
export async function committeesOf(db: Db, userId: number): Promise<TCommitteeKey[]> {
  const rows = await db
    .selectFrom('committee_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.committee')
    .where('m.user_id', '=', userId)
    .where('u.role', '=', 'authority')
    .where('u.approved', '=', 1)
    .where('u.verified', '=', 1)
    .execute();
  return rows.map((r) => r.committee as TCommitteeKey);
}

/**
 * The members of some committees as recipients (as committeeMembers reads them: approved authorities
 * now), each once; `chairOnly` for the chairs alone.
 */
export async function committeeRecipients(
  db: Db,
  committees: readonly string[],
  chairOnly = false,
): Promise<(Recipient & { committee: string })[]> {
  if (committees.length === 0) return [];
  let q = db
    .selectFrom('committee_members as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select([...RECIPIENT_COLUMNS, 'm.committee'])
    .where('m.committee', 'in', committees)
    .where('users.role', '=', 'authority')
    .where('users.approved', '=', 1)
    .where('users.verified', '=', 1);
  if (chairOnly) q = q.where('m.chair', '=', 1);
  const rows = await q.orderBy('users.id').execute();
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(Number(r.id)) && seen.add(Number(r.id)));
}

export async function studentRecipient(db: Db, studentId: number): Promise<Recipient | undefined> {
  return db
    .selectFrom('users')
    .select(RECIPIENT_COLUMNS)
    .where('users.id', '=', studentId)
    .executeTakeFirst();
}

/** A grievance's row with its complaint's token and status (null without one). */
export const grievanceWithComplaint = (db: Db) =>
  db
    .selectFrom('grievances as g')
    .leftJoin('complaints as c', 'c.id', 'g.complaint_id')
    .selectAll('g')
    .select(['c.token as complaint_token', 'c.status as complaint_status']);

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

export const historyOf = (db: Db, grievanceId: number) =>
  db
    .selectFrom('grievance_history')
    .selectAll()
    .where('grievance_id', '=', grievanceId)
    .orderBy('id')
    .execute();

export const messagesOf = (db: Db, grievanceId: number) =>
  db
    .selectFrom('grievance_messages')
    .selectAll()
    .where('grievance_id', '=', grievanceId)
    .orderBy('id')
    .execute();
