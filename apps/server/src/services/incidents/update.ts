import type { TIncident, TUpdateIncidentRequest } from '@bit/contract';
import type { Ctx } from '../../context';
import { forbidden } from '../../lib/errors';
import { complaintScope } from '../../policy/complaints';
import { staffRefusal } from '../../policy/staff';
import type { UserRow } from '../accounts/users';
import { changeIncidentStatus, statusActor } from '../complaints/status';
import { recordAudit } from '../oversight/audit';
import { incidentInScope, lockRows, toIncident } from './incident';

/**
 * PUT /api/incidents/{id}: the incident and, in the same transaction, every linked complaint still
 * open, through changeIncidentStatus (changeStatus for its complaints: each its own history entry by
 * the caller, its assignment, its due date rules and its student's status mail, in a few multi-row
 * statements; the incident's own row with the same values). An admin changes no status, as with
 * complaints. Audited `incident.update` in the same transaction (CONTRACT 6.5, 6.7).
 */
export async function updateIncident(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: TUpdateIncidentRequest,
  ip: string | null = null,
): Promise<TIncident> {
  const refusal = staffRefusal(user, 'update');
  if (refusal) throw forbidden(refusal);
  const scope = complaintScope(user);
  const now = ctx.clock.now();
  const change = { status: input.status, remarks: input.remarks ?? null, by: statusActor(user), now };
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await incidentInScope(trx, scope, id, lockRows(ctx));
    const incident = await changeIncidentStatus(trx, ctx, id, change);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'incident.update',
      target: { type: 'incident', id },
      at: now,
    });
    return incident;
  });
  ctx.mailQueued();
  return toIncident(row);
}
