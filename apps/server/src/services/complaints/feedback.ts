import {
  MSG,
  type TFeedback,
  type TFeedbackPage,
  type TPageQuery,
  type TPendingFeedbackItem,
  type TSubmitFeedbackRequest,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isoFromMs } from '../../lib/iso-time';
import { bumpCounters, readCounters } from './counters';

const iso = (ms: number) => isoFromMs(Number(ms));

/**
 * The average the admin sees (feedback list and overview alike): one decimal, from the counters.
 * Scaled before dividing, so e.g. 3.45 is not rounded down by a binary fraction below it.
 */
export function averageFrom(count: number, sum: number): number | null {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : null;
}

export async function readAverageRating(
  ctx: Ctx,
): Promise<{ averageRating: number | null; feedbackCount: number }> {
  const c = await readCounters(ctx.database, ['fb:count', 'fb:sum']);
  return {
    averageRating: averageFrom(c['fb:count'] ?? 0, c['fb:sum'] ?? 0),
    feedbackCount: c['fb:count'] ?? 0,
  };
}

export async function submitFeedback(
  ctx: Ctx,
  studentId: number,
  input: TSubmitFeedbackRequest,
): Promise<TFeedback> {
  const now = ctx.clock.now();
  const comments = input.comments ?? null;
  const { id, complaint } = await ctx.database.db
    .transaction()
    .execute(async (trx) => {
      // read and locked in the transaction that stores the feedback: a reopening or a status change at the
      // same moment (another tab, the authority) either comes first and is seen here, or waits for this
      let query = trx
        .selectFrom('complaints')
        .select(['id', 'token', 'type', 'sub_type', 'status', 'student_name', 'student_roll'])
        .where('id', '=', input.complaintId)
        .where('student_id', '=', studentId);
      if (ctx.database.dialect === 'postgres') query = query.forUpdate();
      const found = await query.executeTakeFirst();
      // someone else's complaint answers exactly like a missing one, so ids reveal nothing
      if (!found) throw notFound(MSG.complaintNotFound);
      if (found.status !== 'Resolved') throw badRequest(MSG.feedbackNotResolved);
      const existing = await trx
        .selectFrom('feedback')
        .select('id')
        .where('complaint_id', '=', input.complaintId)
        .executeTakeFirst();
      if (existing) throw conflict(MSG.feedbackDuplicate);
      const row = await trx
        .insertInto('feedback')
        .values({
          complaint_id: input.complaintId,
          student_id: studentId,
          rating: input.rating,
          comments,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await bumpCounters(trx, { 'fb:count': 1, 'fb:sum': input.rating });
      return { id: Number(row.id), complaint: found };
    })
    .catch((err: unknown) => {
      // two submissions at once: the unique index on complaint_id lets only one in
      throw isUniqueViolation(err) ? conflict(MSG.feedbackDuplicate) : err;
    });
  return {
    id,
    rating: input.rating,
    comments,
    createdAt: iso(now),
    complaint: {
      id: Number(complaint.id),
      token: complaint.token,
      type: complaint.type,
      subType: complaint.sub_type,
    },
    student: { name: complaint.student_name, rollNo: complaint.student_roll },
  };
}

export async function listFeedback(ctx: Ctx, page: TPageQuery): Promise<TFeedbackPage> {
  const db = ctx.database.db;
  const rows = await db
    .selectFrom('feedback')
    .innerJoin('complaints', 'complaints.id', 'feedback.complaint_id')
    .select([
      'feedback.id',
      'feedback.rating',
      'feedback.comments',
      'feedback.created_at',
      'complaints.id as complaint_id',
      'complaints.token',
      'complaints.type',
      'complaints.sub_type',
      'complaints.student_name',
      'complaints.student_roll',
    ])
    .$if(page.before !== undefined, (q) => q.where('feedback.id', '<', page.before ?? 0))
    .orderBy('feedback.id', 'desc')
    .limit(page.pageSize)
    // keyset: a page below an id is read from there, skipping nothing
    .$if(page.before === undefined, (q) => q.offset((page.page - 1) * page.pageSize))
    .execute();
  const { averageRating, feedbackCount } = await readAverageRating(ctx);
  return {
    count: feedbackCount,
    page: page.page,
    pageSize: page.pageSize,
    averageRating,
    data: rows.map((r) => ({
      id: Number(r.id),
      rating: Number(r.rating),
      comments: r.comments,
      createdAt: iso(r.created_at),
      complaint: { id: Number(r.complaint_id), token: r.token, type: r.type, subType: r.sub_type },
      student: { name: r.student_name, rollNo: r.student_roll },
    })),
  };
}

/** Enough for the feedback screen's picker; a student rarely has more than a handful. */
const PENDING_LIMIT = 100;

export async function pendingFeedback(ctx: Ctx, studentId: number): Promise<TPendingFeedbackItem[]> {
  const rows = await ctx.database.db
    .selectFrom('complaints')
    .leftJoin('feedback', 'feedback.complaint_id', 'complaints.id')
    .select([
      'complaints.id',
      'complaints.token',
      'complaints.type',
      'complaints.sub_type',
      'complaints.created_at',
    ])
    .where('complaints.student_id', '=', studentId)
    .where('complaints.status', '=', 'Resolved')
    .where('feedback.id', 'is', null)
    .orderBy('complaints.id', 'desc')
    .limit(PENDING_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    token: r.token,
    type: r.type,
    subType: r.sub_type,
    createdAt: iso(r.created_at),
  }));
}
