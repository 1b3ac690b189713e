import {
  COMMITTEE_NAMES,
  committeeOfCategory,
  GRIEVANCE_LIMITS,
  GRIEVANCE_TEXT,
  MSG_GRIEVANCE,
  type TGrievanceWithHistory,
  type TSubmitGrievanceRequest,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import { badRequest, conflict, tooMany } from '../../lib/errors';
import { zonedParts } from '../../lib/zoned-time';
import { grievanceViewer } from '../../policy/grievances';
import type { UserRow } from '../accounts/users';
import { isOverdue } from '../complaints/due';
import { workingDeadline } from './calendar';
import { countSubmitted } from './counts';
import { committeeRecipients } from './grievance-queries';
import { visibleGrievance } from './read';
import { withHistory } from './rows';
import { insertIfUnderQuota, nextNumber, quotaEdge } from './submit.queries';
import { tell } from './tell';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A complaint a grievance may take up (CONTRACT 7.2): the student's own, closed within 15 days or overdue. */
async function eligibleComplaint(ctx: Ctx, studentId: number, token: string, now: number): Promise<number> {
  const c = await ctx.database.db
    .selectFrom('complaints')
    .select(['id', 'student_id', 'status', 'closed_at', 'updated_at', 'due_at'])
    .where('token', '=', token.trim().toUpperCase())
    .executeTakeFirst();
  const closedRecently =
    c !== undefined &&
    (c.status === 'Resolved' || c.status === 'Rejected') &&
    Number(c.closed_at ?? c.updated_at) >= now - GRIEVANCE_LIMITS.appealDays * DAY_MS;
  if (!c || Number(c.student_id) !== studentId || !(closedRecently || isOverdue(c, now)))
    throw badRequest(MSG_GRIEVANCE.complaintNotEligible, 'complaintToken');
  return Number(c.id);
}

/** POST /api/grievances: a student's grievance, Submitted, due 15 working days later; its committee told. */
export async function submitGrievance(
  ctx: Ctx,
  student: UserRow,
  input: TSubmitGrievanceRequest,
): Promise<TGrievanceWithHistory> {
  const studentId = Number(student.id);
  const committee = committeeOfCategory(input.category);
  const startedAt = ctx.clock.now();
  const complaintId = input.complaintToken?.trim()
    ? await eligibleComplaint(ctx, studentId, input.complaintToken, startedAt)
    : null;
  const dueAt = await workingDeadline(ctx, startedAt, GRIEVANCE_LIMITS.decisionWorkingDays);
  const year = Number(zonedParts(startedAt, ctx.config.timeZone).day.slice(0, 4));
  let id: number;
  try {
    id = await ctx.database.db.transaction().execute(async (trx) => {
      const now = startedAt;
      // one student's submissions take turns (PostgreSQL; SQLite's transactions already do), so that
      // the conditional insert of each sees the ones before it
      if (ctx.database.dialect === 'postgres')
        await trx.selectFrom('users').select('id').where('id', '=', studentId).forNoKeyUpdate().execute();
      const n = await nextNumber(trx, year);
      const values: Record<string, string | number> = {
        number: `GRV-${year}-${String(n).padStart(6, '0')}`,
        category: input.category,
        committee,
        subject: input.subject,
        description: input.description,
        status: 'Submitted',
        anonymous: input.anonymous === true ? 1 : 0,
        student_id: studentId,
        student_name: student.name,
        due_at: dueAt,
        open_due_at: dueAt,
        created_at: now,
        updated_at: now,
      };
      if (student.roll_no !== null) values.student_roll = student.roll_no;
      if (complaintId !== null) values.complaint_id = complaintId;
      const quota = { studentId, since: now - DAY_MS, max: GRIEVANCE_TEXT.perDay };
      const inserted = await insertIfUnderQuota(trx, values, quota);
      if (inserted === undefined) {
        // room again when the 5th newest of the day turns a day old; the number is rolled back
        const edge = (await quotaEdge(trx, studentId, quota.since, quota.max)) ?? now;
        throw tooMany(MSG_GRIEVANCE.quota, (edge + DAY_MS - now) / 1000);
      }
      await countSubmitted(trx, input.category);
      await trx
        .insertInto('grievance_history')
        .values({
          grievance_id: inserted,
          status: 'Submitted',
          note: null,
          by_id: studentId,
          by_name: student.name,
          by_role: 'student',
          by_designation: null,
          at: now,
        })
        .execute();
      const members = await committeeRecipients(trx, [committee]);
      await tell(
        ctx,
        trx,
        members,
        { id: inserted, number: String(values.number) },
        'Submitted',
        // CONTRACT 7.3: ragging is urgent (told again every 24 hours until a member acts: urgent.ts)
        input.category === 'Ragging'
          ? `A report of ragging was made to the ${COMMITTEE_NAMES[committee]}: it is urgent.`
          : `A grievance was submitted to the ${COMMITTEE_NAMES[committee]}.`,
        now,
      );
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG_GRIEVANCE.complaintTaken);
    throw err;
  }
  ctx.mailQueued();
  const viewer = grievanceViewer({ id: studentId, role: 'student' }, []);
  const row = await visibleGrievance(ctx, ctx.database.db, viewer, id);
  return withHistory(ctx.database.db, row, viewer);
}
