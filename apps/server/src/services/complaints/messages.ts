import { complaintStatusPath, MESSAGES_PER_HOUR, MSG_CONVERSATION, type TMessage } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { addSearchWords } from '../../db/search-index';
import { conversationMail } from '../../delivery/mail/templates/complaints';
import { notify, RECIPIENT_COLUMNS } from '../../delivery/notify';
import { tooMany } from '../../lib/errors';
import { HOUR_MS, hourBucket } from '../../lib/hour-buckets';
import type { UserRow } from '../accounts/users';
import { actorColumns, assertOpenForMessages, assertParticipant, visibleComplaint } from './conversation';
import { authoritiesToTell } from './recipients';
import { toMessage } from './rows';

/**
 * In the message's transaction. On PostgreSQL the writer's row is locked first (NO KEY UPDATE: rows that
 * only refer to the user are not held up), so a burst of messages from one user is counted one at a time
 * and cannot pass the limit together; one SQLite connection runs the transactions one at a time anyway.
 */
async function assertUnderMessageLimit(ctx: Ctx, trx: Transaction<DB>, user: UserRow, now: number) {
  if (ctx.database.dialect === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', Number(user.id)).forNoKeyUpdate().execute();
  const recent = await trx
    .selectFrom('complaint_messages')
    .select('at')
    .where('by_id', '=', Number(user.id))
    .where('at', '>', now - HOUR_MS)
    .orderBy('at', 'desc')
    .limit(MESSAGES_PER_HOUR)
    .execute();
  if (recent.length >= MESSAGES_PER_HOUR) {
    const oldest = Number(recent[recent.length - 1]!.at);
    throw tooMany(MSG_CONVERSATION.tooManyMessages, (oldest + HOUR_MS - now) / 1000);
  }
}

/** A message on a complaint, mailed to the other side (CONTRACT 5.2). */
export async function postMessage(
  ctx: Ctx,
  user: UserRow,
  complaintId: number,
  body: string,
): Promise<TMessage> {
  assertParticipant(user);
  const now = ctx.clock.now();
  const complaint = await visibleComplaint(ctx, ctx.database.db, user, complaintId);
  assertOpenForMessages(complaint, now);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    await assertUnderMessageLimit(ctx, trx, user, now);
    const inserted = await trx
      .insertInto('complaint_messages')
      .values({ complaint_id: complaintId, body, ...actorColumns(user, now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    // the message's words are searchable from this commit on (decision 0025)
    await addSearchWords(trx, ctx.database.dialect, [complaintId], body);
    // an authority's first word on a complaint is its first response (CONTRACT 5.6)
    if (user.role === 'authority' && complaint.first_response_at === null) {
      await trx
        .updateTable('complaints')
        .set({
          first_response_at: now,
          fr_bucket: hourBucket(now - Number(complaint.created_at)),
        })
        .where('id', '=', complaintId)
        .where('first_response_at', 'is', null)
        .execute();
    }
    const link = `${ctx.config.publicUrl}${complaintStatusPath(complaint.token)}`;
    const recipients =
      user.role === 'student'
        ? await authoritiesToTell(trx, complaint)
        : await trx
            .selectFrom('users')
            .select(RECIPIENT_COLUMNS)
            .where('users.id', '=', Number(complaint.student_id))
            .execute();
    for (const r of recipients) {
      await notify(trx, r, conversationMail(r.email, r.name, complaint.token, user, body, link), now);
    }
    return inserted;
  });
  ctx.mailQueued();
  return toMessage(row);
}
