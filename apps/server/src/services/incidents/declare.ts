import { INCIDENT_LINK_MAX, MSG, MSG_INCIDENT, type TIncident } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { scopeSeesIncident } from '../../policy/complaints';
import { type Scope, scopeFlags, scopeSees } from '../../policy/scope';
import type { UserRow } from '../accounts/users';
import { recordAudit } from '../oversight/audit';
import { type IncidentRow, incidentInScope, incidentScope, lockRows, toIncident } from './incident';

/**
 * Links complaints to an incident inside the caller's transaction: each must be one the caller's
 * scope sees, of the incident's type, hostel and category (else 400 naming complaintIds), and in no
 * incident yet (409). The last is decided by the update itself (`incident_id is null`), so two
 * requests linking one complaint cannot both succeed.
 */
async function linkInTransaction(
  trx: Transaction<DB>,
  scope: Scope,
  incident: IncidentRow,
  ids: number[],
  now: number,
): Promise<IncidentRow> {
  if (ids.length === 0) return incident;
  if (ids.length > INCIDENT_LINK_MAX) throw badRequest(MSG_INCIDENT.complaintIdsTooMany, 'complaintIds');
  const rows = await trx
    .selectFrom('complaints')
    .select(['id', 'type', 'hostel_no', 'sub_type', 'is_network', 'student_id', 'incident_id'])
    .where('id', 'in', ids)
    .execute();
  const matches = rows.filter(
    (c) =>
      scopeSees(scope, c) &&
      c.type === incident.type &&
      (c.hostel_no === null ? null : Number(c.hostel_no)) ===
        (incident.hostel_no === null ? null : Number(incident.hostel_no)) &&
      c.sub_type === incident.sub_type,
  );
  if (matches.length !== ids.length) throw badRequest(MSG_INCIDENT.complaintIdsMismatch, 'complaintIds');
  if (rows.some((c) => c.incident_id !== null)) throw conflict(MSG_INCIDENT.alreadyLinked);
  const linked = await trx
    .updateTable('complaints')
    .set({ incident_id: Number(incident.id), incident_title: incident.title })
    .where('id', 'in', ids)
    .where('incident_id', 'is', null)
    .returning('id')
    .execute();
  // another request linked one of them since it was read: nothing of this one stays
  if (linked.length !== ids.length) throw conflict(MSG_INCIDENT.alreadyLinked);
  return trx
    .updateTable('incidents')
    .set((eb) => ({ affected: eb('affected', '+', linked.length), updated_at: now }))
    .where('id', '=', Number(incident.id))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface DeclareIncidentInput {
  title: string;
  type: 'Hostel' | 'College';
  hostelNo?: number | '' | null | undefined;
  subType: string;
  complaintIds?: number[] | undefined;
}

/**
 * POST /api/incidents: an approved authority whose scope includes it, or an admin. Audited
 * `incident.declare` in the same transaction (CONTRACT 6.5, 6.7); `ip` is the request's client
 * address (null for the demo seed).
 */
export async function declareIncident(
  ctx: Ctx,
  user: UserRow,
  input: DeclareIncidentInput,
  ip: string | null = null,
): Promise<TIncident> {
  const scope = incidentScope(user);
  const hostelNo = input.type === 'Hostel' ? Number(input.hostelNo) : null;
  const columns = {
    hostel_no: hostelNo,
    is_network: scopeFlags({ type: input.type, subType: input.subType }).is_network,
  };
  if (!scopeSeesIncident(scope, columns)) throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const incident = await trx
      .insertInto('incidents')
      .values({
        title: input.title,
        type: input.type,
        sub_type: input.subType,
        ...columns,
        status: 'Pending',
        remarks: null,
        created_by_id: Number(user.id),
        created_by_name: user.name,
        created_by_designation: user.designation,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const linked = await linkInTransaction(trx, scope, incident, input.complaintIds ?? [], now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'incident.declare',
      target: { type: 'incident', id: Number(incident.id) },
      at: now,
    });
    return linked;
  });
  return toIncident(row);
}

/** POST /api/incidents/{id}/complaints */
export async function linkComplaints(ctx: Ctx, user: UserRow, id: number, ids: number[]): Promise<TIncident> {
  const scope = incidentScope(user);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const incident = await incidentInScope(trx, scope, id, lockRows(ctx));
    return linkInTransaction(trx, scope, incident, ids, now);
  });
  return toIncident(row);
}

/** DELETE /api/incidents/{id}/complaints/{complaintId}: 404 when it is not linked to this incident. */
export async function unlinkComplaint(
  ctx: Ctx,
  user: UserRow,
  id: number,
  complaintId: number,
): Promise<TIncident> {
  const scope = incidentScope(user);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await incidentInScope(trx, scope, id, lockRows(ctx));
    const unlinked = await trx
      .updateTable('complaints')
      .set({ incident_id: null, incident_title: null })
      .where('id', '=', complaintId)
      .where('incident_id', '=', id)
      .returning('id')
      .execute();
    if (unlinked.length === 0) throw notFound(MSG_INCIDENT.notLinked);
    // a student whose joined complaint was taken out may join again
    await trx
      .deleteFrom('incident_joins')
      .where('incident_id', '=', id)
      .where('complaint_id', '=', complaintId)
      .execute();
    return trx
      .updateTable('incidents')
      .set((eb) => ({ affected: eb('affected', '-', 1), updated_at: now }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toIncident(row);
}
