import { MSG, MSG_DESK, type TComplaint, type TDeskStudent, type ZDeskFilingRequest } from '@bit/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { wantsPush } from '../../delivery/notify';
import { forbidden, notFound } from '../../lib/errors';
import { mayFileAtDesk, mayWorkTheDesk, staffRefusal } from '../../policy/staff';
import { USER_COLUMNS, type UserRow } from '../accounts/users';
import { fileComplaint } from './file';

/**
 * CONTRACT 7.5, filing at the desk: a Hostel Clerk or an admin files for a student who came in person.
 * A thin wrapper of fileComplaint, so the complaint is the student's own in every way (their quota,
 * the authorities' mails, the group commit); it adds who may, the roll number, the history line and
 * the student's mail (decision 0032).
 */

export type DeskFilingInput = z.output<typeof ZDeskFilingRequest>;

/** 403 for anyone who does not work the desk; an authority awaiting approval is told so. */
function refuseOffDesk(user: UserRow) {
  if (mayWorkTheDesk(user)) return;
  throw forbidden(staffRefusal(user, 'act') ?? MSG.forbidden);
}

/**
 * The student with this roll number, and whether a push would reach them: the roll number as the
 * student's sign-up wrote it (the unique index), else the one student whose roll number differs from
 * it only in case (a clerk types `btech/1/23` for `BTECH/1/23`); none, or two such, is a 404.
 */
async function studentByRoll(ctx: Ctx, rollNo: string) {
  const students = ctx.database.db
    .selectFrom('users')
    .select([...USER_COLUMNS, wantsPush])
    .where('users.role', '=', 'student');
  const exact = await students.where('users.roll_no', '=', rollNo).executeTakeFirst();
  if (exact) return exact;
  const folded = await students
    .where(sql<boolean>`lower(users.roll_no) = lower(${rollNo})`)
    .limit(2)
    .execute();
  if (folded.length === 1) return folded[0]!;
  throw notFound(MSG_DESK.noStudent);
}

/** GET /api/students/by-roll: the student's name to check with the one at the counter, and no contact. */
export async function lookUpStudent(ctx: Ctx, user: UserRow, rollNo: string): Promise<TDeskStudent> {
  refuseOffDesk(user);
  const student = await studentByRoll(ctx, rollNo);
  return { name: student.name, rollNo: student.roll_no ?? rollNo, hostelNo: student.hostel_no };
}

/** POST /api/complaints/on-behalf */
export async function fileAtDesk(
  ctx: Ctx,
  user: UserRow,
  input: DeskFilingInput,
): Promise<{ token: string; complaint: TComplaint }> {
  refuseOffDesk(user);
  // a clerk's desk is their hostel's: the complaint's place is in the body, so refusing it tells nothing
  if (!mayFileAtDesk(user, input)) throw forbidden(MSG_DESK.notYourHostel);
  const { rollNo, ...filing } = input;
  const { wants_push, ...student } = await studentByRoll(ctx, rollNo);
  return fileComplaint(ctx, student, filing, {
    by: user,
    // the student is mailed their token whatever their mail switch says: it is the receipt of a
    // filing they asked for at the counter, not news of an event (decision 0032); pushed as they chose
    student: { ...student, id: Number(student.id), notify_email: 1, wants_push },
  });
}
