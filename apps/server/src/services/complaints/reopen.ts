import {
  complaintStatusPath,
  isClosed,
  MSG,
  MSG_CONVERSATION,
  REOPEN_MAX,
  type TComplaint,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { reopenedMail } from '../../delivery/mail/templates/complaints';
import { notify } from '../../delivery/notify';
import { conflict, forbidden } from '../../lib/errors';
import type { UserRow } from '../accounts/users';
import { isOpenForMessages, visibleComplaint } from './conversation';
import { authoritiesToTell } from './recipients';
import { toComplaint } from './rows';
import { changeStatus, statusActor } from './status';

/**
 * The student reopens a Resolved or Rejected complaint within 14 days of that change, before giving
 * feedback, at most twice (CONTRACT 5.4): back to Pending, due again, with the reason in the history
 * and as the complaint's remarks (6.6); the authorities are told as of a student's message.
 */
export async function reopenComplaint(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  reason: string,
): Promise<TComplaint> {
  if (user.role !== 'student') throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const before = await visibleComplaint(ctx, trx, user, complaintId, true);
    const feedback = await trx
      .selectFrom('feedback')
      .select('id')
      .where('complaint_id', '=', complaintId)
      .executeTakeFirst();
    const allowed =
      isClosed(before.status) &&
      isOpenForMessages(before, now) &&
      !feedback &&
      Number(before.reopen_count ?? 0) < REOPEN_MAX;
    if (!allowed) throw conflict(MSG_CONVERSATION.cannotReopen);
    const [reopened] = await changeStatus(trx, ctx, [before], {
      status: 'Pending',
      remarks: reason,
      by: statusActor(user),
      reopen: true,
      now,
    });
    const link = `${ctx.config.publicUrl}${complaintStatusPath(before.token)}`;
    for (const r of await authoritiesToTell(trx, before)) {
      await notify(trx, r, reopenedMail(r.email, r.name, before.token, user.name, reason, link), now);
    }
    return reopened!;
  });
  ctx.mailQueued();
  return toComplaint(row, now);
}
