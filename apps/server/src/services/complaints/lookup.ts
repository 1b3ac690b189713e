import { MSG, type TComplaintWithHistory } from '@bit/contract';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { complaintScope, scopeValue } from '../../policy/scope';
import { conversationOf } from '../conversation';
import type { UserRow } from '../users';
import { ratingsByComplaint } from './lists';
import { complaintByToken, historyOfComplaint } from './queries';
import { toComplaint, toHistoryEntry } from './rows';

/** A complaint with its history, for anyone whose scope holds it; anything else is "not found". */
export async function getComplaintByToken(
  ctx: Ctx,
  user: UserRow,
  token: string,
): Promise<TComplaintWithHistory> {
  const scope = complaintScope(user);
  if (scope.kind === 'none') throw notFound(MSG.complaintNotFound);
  const [row] = await complaintByToken(ctx.database, scope.kind, { token, scope: scopeValue(scope) });
  if (!row) throw notFound(MSG.complaintNotFound);
  const id = Number(row.id);
  // the rating is the student's word on the resolution: told to the student and to admins only
  const toldRating = user.role === 'student' || user.role === 'admin';
  const [history, ratings] = await Promise.all([
    historyOfComplaint(ctx.database, { complaintId: id }),
    toldRating ? ratingsByComplaint(ctx, [id]) : undefined,
  ]);
  return {
    ...toComplaint(row, ctx.clock.now()),
    ...(ratings ? { rating: ratings.get(id) ?? null } : {}),
    history: history.map(toHistoryEntry),
    ...(await conversationOf(ctx, Number(row.id))),
  };
}
