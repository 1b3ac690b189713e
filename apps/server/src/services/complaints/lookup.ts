import { MSG, type TComplaintWithHistory } from '@bit/contract';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { complaintScope, scopeValue, toldRating } from '../../policy/scope';
import { sessionOf } from '../sessions';
import type { UserRow } from '../users';
import { conversationOf } from './conversation';
import { complaintPageWithSession } from './joined.queries';
import { ratingsByComplaint } from './lists';
import { complaintByToken, historyOfComplaint } from './queries';
import {
  type AttachmentRow,
  type ComplaintRow,
  type HistoryRow,
  type MessageRow,
  toAttachment,
  toComplaint,
  toHistoryEntry,
  toMessage,
} from './rows';

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
  const [history, ratings] = await Promise.all([
    historyOfComplaint(ctx.database, { complaintId: id }),
    toldRating(user) ? ratingsByComplaint(ctx, [id]) : undefined,
  ]);
  return {
    ...toComplaint(row, ctx.clock.now()),
    ...(ratings ? { rating: ratings.get(id) ?? null } : {}),
    history: history.map(toHistoryEntry),
    ...(await conversationOf(ctx, Number(row.id))),
  };
}

/**
 * getComplaintByToken with the session check in the same statement (PostgreSQL: one round trip).
 * `session` is null when the token's session is not live; `answer` then must not be called.
 */
export async function getComplaintByTokenWithSession(ctx: Ctx, tokenHash: string, token: string) {
  const now = ctx.clock.now();
  const [row] = await complaintPageWithSession(ctx.database, { tokenHash, now, token });
  if (!row) return { session: null, answer: () => Promise.reject(notFound(MSG.complaintNotFound)) };
  const { complaint, history, rating, messages, attachments, ...sessionRow } = row;
  return {
    session: sessionOf(sessionRow),
    answer: async (user: UserRow): Promise<TComplaintWithHistory> => {
      // the complaint's condition in SQL is complaintScope's (policy/scope.ts: userSeesSql)
      if (!complaint) throw notFound(MSG.complaintNotFound);
      return {
        ...toComplaint(complaint as ComplaintRow, now),
        ...(toldRating(user)
          ? { rating: rating === null || rating === undefined ? null : Number(rating) }
          : {}),
        history: (history as HistoryRow[]).map(toHistoryEntry),
        messages: (messages as MessageRow[]).map(toMessage),
        attachments: (attachments as AttachmentRow[]).map(toAttachment),
      };
    },
  };
}
