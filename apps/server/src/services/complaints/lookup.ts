import { MSG, type TComplaintWithHistory } from '@bit/contract';
import type { Ctx } from '../../context';
import { parsedJson } from '../../db/json-rows';
import { notFound } from '../../lib/errors';
import { toldRating } from '../../policy/complaints';
import { sessionOf } from '../accounts/sessions';
import type { UserRow } from '../accounts/users';
import { complaintPageWithSession } from './joined.queries';
import {
  type ShownAttachment,
  type ShownComplaint,
  type ShownHistory,
  type ShownMessage,
  toAttachment,
  toComplaint,
  toHistoryEntry,
  toMessage,
} from './rows';

/**
 * A complaint with its history, messages and photos, for anyone whose scope holds it (anything else
 * is "not found"), read with the session of `tokenHash` in one statement on either dialect
 * (decision 0019). `session` is null when the token's session is not live; `answer` then must not
 * be called.
 */
export async function getComplaintByTokenWithSession(ctx: Ctx, tokenHash: string, token: string) {
  const now = ctx.clock.now();
  const [row] = await complaintPageWithSession(ctx.database, ctx.database.dialect, { tokenHash, now, token });
  if (!row) return { session: null, answer: () => Promise.reject(notFound(MSG.complaintNotFound)) };
  const { complaint: complaintJson, history, rating, messages, attachments, ...sessionRow } = row;
  const complaint = parsedJson<ShownComplaint | null>(complaintJson);
  return {
    session: sessionOf(sessionRow),
    answer: async (user: UserRow): Promise<TComplaintWithHistory> => {
      // the complaint's condition in SQL is complaintScope's (policy/scope-sql.ts: userSeesSql)
      if (!complaint) throw notFound(MSG.complaintNotFound);
      // added to the complaint's object, not spread into a new one: V8 copied the spread's 19
      // properties and then added these on its slow path, 7 µs a lookup (as much as the statement)
      const shown = Object.assign(toComplaint(complaint, now), {
        history: parsedJson<ShownHistory[]>(history).map(toHistoryEntry),
        messages: parsedJson<ShownMessage[]>(messages).map(toMessage),
        attachments: parsedJson<ShownAttachment[]>(attachments).map(toAttachment),
      });
      return toldRating(user)
        ? Object.assign(shown, { rating: rating === null || rating === undefined ? null : Number(rating) })
        : shown;
    },
  };
}
