import { MSG, type TComplaint, type TUpdateComplaintRequest } from '@bit/contract';
import type { Ctx } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { complaintScope } from '../../policy/complaints';
import { scopeValue } from '../../policy/scope';
import { assigneeKey, staffRefusal } from '../../policy/staff';
import type { UserRow } from '../accounts/users';
import { toComplaint } from './rows';
import { changeStatus, statusActor } from './status';
import { complaintToUpdate } from './status.queries';

/**
 * An authority sets a complaint's status (and remark) in scope or assigned to them (CONTRACT 7.5):
 * changeStatus does the rest.
 */
export async function updateComplaintStatus(
  ctx: Ctx,
  authority: UserRow,
  id: number,
  input: TUpdateComplaintRequest,
): Promise<TComplaint> {
  const refusal = staffRefusal(authority, 'update');
  if (refusal) throw forbidden(refusal);
  const scope = complaintScope(authority);
  if (scope.kind === 'none') throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const change = { status: input.status, remarks: input.remarks ?? null, by: statusActor(authority), now };
  const updated = await ctx.database.db.transaction().execute(async (trx) => {
    const [before] = await complaintToUpdate(
      trx,
      { kind: scope.kind, lock: ctx.database.dialect === 'postgres' },
      { id, scope: scopeValue(scope), assignee: assigneeKey(authority) ?? 0 },
    );
    if (!before) throw notFound(MSG.complaintNotFound);
    return changeStatus(trx, ctx, [before], change);
  });
  ctx.mailQueued();
  return toComplaint(updated[0]!, now);
}
