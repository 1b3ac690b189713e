import { MSG, MSG_INCIDENT, type TIncident, type TOpenIncident } from '@bit/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB, IncidentsTable } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { isoFromMs } from '../../lib/iso-time';
import { complaintScope, scopeSeesIncident } from '../../policy/complaints';
import type { Scope, VisibleScope } from '../../policy/scope';
import { staffRefusal } from '../../policy/staff';
import type { UserRow } from '../accounts/users';

/**
 * Incidents (CONTRACT 6.1, decision 0028): one problem of many complaints. Who sees an incident is the
 * policy's (scopeSeesIncident: the scope that would see a complaint of its type, hostel and category);
 * the link is a column of the complaint (migration 017). This file: an incident as the API shows it,
 * and which incident a user reaches; declare.ts (declare, link, unlink), update.ts (one update for
 * all), join.ts ("me too"), read.ts (the lists and one incident), groups.ts (looks like one problem).
 */

export type IncidentRow = Selectable<IncidentsTable>;

export function toIncident(row: IncidentRow): TIncident {
  return {
    id: Number(row.id),
    title: row.title,
    type: row.type,
    hostelNo: row.hostel_no === null ? null : Number(row.hostel_no),
    subType: row.sub_type,
    status: row.status,
    remarks: row.remarks,
    affected: Number(row.affected),
    createdAt: isoFromMs(Number(row.created_at)),
    updatedAt: isoFromMs(Number(row.updated_at)),
    createdBy: { name: row.created_by_name, designation: row.created_by_designation },
  };
}

export const toOpenIncident = (row: IncidentRow): TOpenIncident => {
  const { id, title, type, hostelNo, subType, status, affected, updatedAt } = toIncident(row);
  return { id, title, type, hostelNo, subType, status, affected, updatedAt };
};

/** The scope an incident is seen in: an approved authority's or an admin's (a student's sees none). */
export function incidentScope(user: UserRow): VisibleScope {
  const refusal = staffRefusal(user, 'oversee');
  if (refusal) throw forbidden(refusal);
  const scope = complaintScope(user);
  if (scope.kind === 'none') throw forbidden(MSG.forbidden);
  return scope;
}

type Db = Transaction<DB> | Ctx['database']['db'];

export async function incidentInScope(db: Db, scope: Scope, id: number, lock = false): Promise<IncidentRow> {
  let query = db.selectFrom('incidents').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  // an incident out of the caller's scope is "not found", as a complaint is
  if (!row || !scopeSeesIncident(scope, row)) throw notFound(MSG_INCIDENT.notFound);
  return row;
}

/** PostgreSQL locks the rows a change reads (SQLite's transactions take turns anyway). */
export const lockRows = (ctx: Ctx) => ctx.database.dialect === 'postgres';
