import { z } from 'zod';
import { MSG_COMPLAINT, ZFileComplaintRequest } from './complaints';

/** CONTRACT 7.5: filing at the desk, for a student who came in person (decision 0032). */

/** The longest roll number a sign-up takes (auth.ts's requiredText(MSG.rollRequired, 50)). */
export const ROLL_MAX = 50;

export const MSG_DESK = {
  /** CONTRACT 7.5's 404, verbatim */
  noStudent: 'No student with this roll number',
  rollRequired: "Please enter the student's roll number",
  rollLong: `Roll number must be at most ${ROLL_MAX} characters`,
  /** a 403: a Hostel Clerk's desk files Hostel complaints of their own hostel only */
  notYourHostel: 'At the desk, a Hostel Clerk files Hostel complaints of their own hostel only',
  /** the history line of a complaint filed at the desk (CONTRACT 7.5) */
  filedBy: (name: string) => `Filed at the desk by ${name}`,
  filed: 'Complaint filed for the student',
  lookupFailed: 'Failed to find the student',
  fileFailed: 'Failed to file the complaint',
} as const;

const rollNo = z
  .string({ error: MSG_DESK.rollRequired })
  .trim()
  .min(1, MSG_DESK.rollRequired)
  .max(ROLL_MAX, MSG_DESK.rollLong);

/** GET /api/students/by-roll?rollNo= */
export const ZRollQuery = z.object({ rollNo });

/**
 * The student the desk found: enough to tell them apart and to file for them, never an email or a
 * mobile number (a clerk may look up any roll number: decision 0032). `hostelNo` is the hostel of
 * their profile, null when they gave none.
 */
export const ZDeskStudent = z.object({
  name: z.string(),
  rollNo: z.string(),
  hostelNo: z.number().int().nullable(),
});
export type TDeskStudent = z.infer<typeof ZDeskStudent>;
export const ZDeskStudentResponse = z.object({ data: ZDeskStudent });
export type TDeskStudentResponse = z.infer<typeof ZDeskStudentResponse>;

/**
 * POST /api/complaints/on-behalf: the student's roll number and the filing, each kind of filing as
 * POST /api/complaints takes it (strict: nothing else).
 */
export const ZDeskFilingRequest = z.discriminatedUnion(
  'type',
  [ZFileComplaintRequest.options[0].extend({ rollNo }), ZFileComplaintRequest.options[1].extend({ rollNo })],
  { error: MSG_COMPLAINT.typeRequired },
);
export type TDeskFilingRequest = z.input<typeof ZDeskFilingRequest>;
