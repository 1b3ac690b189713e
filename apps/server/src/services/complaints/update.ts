import { MSG, MSG_COMPLAINT, type TComplaint, type TUpdateComplaintRequest } from '@bit/contract';
import type { Ctx } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { canUpdate, complaintScope, scopeValue } from '../../policy/scope';
import type { UserRow } from '../users';
import { complaintToUpdate } from './queries';
import { toComplaint } from './rows';
import { changeStatus, statusActor } from './status';

/** An authority sets a complaint's status (and remark) in scope: changeStatus does the rest. */
export async function updateComplaintStatus(
  ctx: Ctx,
  authority: UserRow,
  id: number,
  input: TUpdateComplaintRequest,
): Promise<TComplaint> {
  if (!canUpdate(authority)) {
    throw forbidden(
      authority.role === 'authority' && authority.approved !== 1 ? MSG_COMPLAINT.notApproved : MSG.forbidden,
    );
  }
  const scope = complaintScope(authority);
  if (scope.kind === 'none') throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const change = { status: input.status, remarks: input.remarks ?? null, by: statusActor(authority), now };
  const updated = await ctx.database.db.transaction().execute(async (trx) => {
    const [before] = await complaintToUpdate(
      trx,
      { kind: scope.kind, lock: ctx.database.dialect === 'postgres' },
      { id, scope: scopeValue(scope) },
    );
    if (!before) throw notFound(MSG.complaintNotFound);
    return changeStatus(trx, ctx, before, change);
  });
  ctx.mailQueued();
  return toComplaint(updated, now);
}
