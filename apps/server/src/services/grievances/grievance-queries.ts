/**
 * The grievances' statements (CONTRACT 7.2) that several of its services read: committees and their
 * members, a grievance with its history and messages (a submission's own are in submit.queries.ts).
 * Who may see a grievance is policy/grievances.ts's to say; these read what the services decided.
 */
import type { TCommitteeKey } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
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
