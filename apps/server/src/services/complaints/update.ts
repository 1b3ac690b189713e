import {
  complaintStatusPath,
  MSG,
  MSG_COMPLAINT,
  rateComplaintPath,
  type TComplaint,
  type TComplaintStatus,
  type TUpdateComplaintRequest,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { hourBucket } from '../../lib/hour-buckets';
import { enqueueMail } from '../../mail/outbox';
import { statusMail } from '../../mail/templates';
import { canUpdate, complaintScope, scopeValue } from '../../policy/scope';
import { bumpCounters } from '../counters';
import type { UserRow } from '../users';
import { statusMoves } from './counts';
import { complaintToUpdate, insertHistory, setStatus, studentContact } from './queries';
import { toComplaint } from './rows';

/** Statuses that close a complaint: messages, photos and reopening stay open 14 days after them. */
const CLOSED_STATUSES: readonly TComplaintStatus[] = ['Resolved', 'Rejected'];

/** Sets a complaint's status, records it in the history, moves the counters and mails the student. */
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
  const remarks = input.remarks ?? null;
  const now = ctx.clock.now();
  const updated = await ctx.database.db.transaction().execute(async (trx) => {
    const [before] = await complaintToUpdate(
      trx,
      { kind: scope.kind, lock: ctx.database.dialect === 'postgres' },
      { id, scope: scopeValue(scope) },
    );
    if (!before) throw notFound(MSG.complaintNotFound);
    const change = {
      id,
      status: input.status,
      // no remark (left out, null or empty) keeps the complaint's last one
      remarks: input.remarks || null,
      authorityId: Number(authority.id),
      authorityName: authority.name,
      authorityDesignation: authority.designation,
      now,
      responseBucket: hourBucket(now - Number(before.created_at)),
      // a remark added to a Resolved complaint is not a new resolution (CONTRACT 5.6: the last change to Resolved)
      resolutionBucket:
        input.status !== 'Resolved'
          ? null
          : before.status === 'Resolved'
            ? before.res_bucket
            : hourBucket(now - Number(before.created_at)),
    };
    // messages, photos and reopening stay open 14 days after the last change to a closed status
    const [row] = await setStatus(trx, { closes: CLOSED_STATUSES.includes(input.status) }, change);
    if (!row) throw notFound(MSG.complaintNotFound);
    await insertHistory(trx, {
      complaintId: id,
      status: input.status,
      remarks,
      byId: change.authorityId,
      byName: authority.name,
      byDesignation: authority.designation,
      at: now,
    });
    await bumpCounters(trx, statusMoves(before, before.status, input.status));
    const [student] = await studentContact(trx, { studentId: Number(before.student_id) });
    if (student) {
      const link = `${ctx.config.publicUrl}${complaintStatusPath(row.token)}`;
      const rateLink =
        input.status === 'Resolved' ? `${ctx.config.publicUrl}${rateComplaintPath(row.token)}` : undefined;
      await enqueueMail(
        trx,
        statusMail(student.email, student.name, row.token, input.status, remarks, link, rateLink),
        now,
      );
    }
    return row;
  });
  ctx.mailQueued();
  return toComplaint(updated, now);
}
