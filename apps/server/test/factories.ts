import type { TDesignation } from '@bit/contract';
import type { Insertable } from 'kysely';
import type { ComplaintsTable } from '../src/db/schema';
import { newComplaintToken } from '../src/lib/crypto';
import { hashPassword } from '../src/lib/passwords';
import { createSession } from '../src/services/accounts/sessions';
import { toUser } from '../src/services/accounts/users';
import { timelineColumns } from '../src/services/complaints/due';
import type { TestApp } from './harness';

let seq = 0;
const next = () => `${process.pid}${++seq}`;
let cachedHash: Promise<string> | undefined;
export const DEFAULT_PASSWORD = 'password123';
const passwordHash = () => (cachedHash ??= hashPassword(DEFAULT_PASSWORD));

export interface Built {
  id: number;
  token: string;
  email: string;
  password: string;
  user: ReturnType<typeof toUser>;
}

async function insertUser(t: TestApp, values: Record<string, unknown>): Promise<Built> {
  const now = t.clock.now();
  const row = await t.ctx.database.db
    .insertInto('users')
    .values({
      mobile: '9876543210',
      department: null,
      designation: null,
      hostel_no: null,
      roll_no: null,
      session: null,
      verified: 1,
      approved: 1,
      created_at: now,
      updated_at: now,
      password_hash: await passwordHash(),
      ...(values as { role: 'student'; name: string; email: string }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { token } = await createSession(t.ctx, Number(row.id), false);
  return { id: Number(row.id), token, email: row.email, password: DEFAULT_PASSWORD, user: toUser(row) };
}

/** A verified student with a live session. */
export function buildStudent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = next();
  return insertUser(t, {
    role: 'student',
    name: `Student ${n}`,
    email: `student${n}@${t.config.studentEmailDomain}`,
    roll_no: `BTECH/${n}/23`,
    session: '2023-27',
    department: 'Computer Science',
    ...overrides,
  });
}

/** A verified, approved authority (approved: false for one awaiting approval). */
export function buildAuthority(
  t: TestApp,
  designation: TDesignation,
  opts: { hostelNo?: number | null; approved?: boolean; name?: string; email?: string } = {},
) {
  const n = next();
  return insertUser(t, {
    role: 'authority',
    name: opts.name ?? `${designation} ${n}`,
    email: opts.email ?? `authority${n}@example.org`,
    designation,
    hostel_no: designation === 'Hostel Clerk' || designation === 'Warden' ? (opts.hostelNo ?? 1) : null,
    department: designation === 'Network Department' ? 'Network' : null,
    approved: opts.approved === false ? 0 : 1,
  });
}

export function buildAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = next();
  return insertUser(t, { role: 'admin', name: `Admin ${n}`, email: `admin${n}@example.org`, ...overrides });
}

/** The newest mail queued for an address, and the 6-digit code in its subject if any. */
export async function lastMail(t: TestApp, to: string) {
  const row = await t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, code: /\b(\d{6})\b/.exec(row.subject)?.[1] } : undefined;
}

export type ComplaintRow = Insertable<ComplaintsTable>;

/**
 * A complaint row of the student's as a filing writes it (a fan in hostel 3, Pending, its due date and
 * filing day from its time), to be written straight into the table: for tests about what follows a
 * filing, or that need more complaints than the 20 a day a student may file. Counters and search
 * documents are not written.
 */
export function complaintRow(
  t: TestApp,
  student: Built,
  overrides: Partial<ComplaintRow> = {},
): ComplaintRow {
  const type = overrides.type ?? 'Hostel';
  const createdAt = overrides.created_at ?? t.clock.now();
  return {
    token: newComplaintToken(),
    type,
    hostel_no: type === 'Hostel' ? 3 : null,
    room_no: type === 'Hostel' ? '101' : null,
    sub_type: type === 'Hostel' ? 'Fan' : 'Library',
    is_network: 0,
    description: 'The fan is broken',
    status: 'Pending',
    remarks: null,
    assigned_to_id: null,
    assigned_name: null,
    assigned_designation: null,
    student_id: student.id,
    student_name: student.user.name,
    student_roll: student.user.rollNo,
    created_at: createdAt,
    updated_at: createdAt,
    ...timelineColumns(t.config, { type, createdAt, firstResponseAt: null, resolvedAt: null }),
    ...overrides,
  };
}

/** Complaint rows written straight into the table, 500 a statement: their ids and tokens, in the rows' order. */
export async function insertComplaints(t: TestApp, rows: ComplaintRow[]) {
  const ids = new Map<string, number>();
  for (let k = 0; k < rows.length; k += 500) {
    const written = await t.ctx.database.db
      .insertInto('complaints')
      .values(rows.slice(k, k + 500))
      .returning(['id', 'token'])
      .execute();
    for (const r of written) ids.set(r.token, Number(r.id));
  }
  return rows.map((r) => ({ id: ids.get(r.token) as number, token: r.token }));
}

/** One complaint row of the student's (complaintRow), written straight into the table. */
export async function buildComplaint(t: TestApp, student: Built, overrides: Partial<ComplaintRow> = {}) {
  const [built] = await insertComplaints(t, [complaintRow(t, student, overrides)]);
  return built as { id: number; token: string };
}

/** The problem a filing describes (its type, hostel and category), as a complaint's fixture gives it. */
interface Problem {
  type: string;
  hostelNo?: number | null;
  subType: string;
}

/**
 * A declaration for POST /api/incidents of the problem a complaint's filing describes, so that an
 * incident's fixture is made of a complaint's and never restates it: `incidentOf('No water',
 * hostelComplaint(5, 'Plumbing'), ids)`.
 */
export function incidentOf(title: string, problem: Problem, complaintIds?: unknown[]) {
  return {
    title,
    type: problem.type,
    ...(problem.type === 'Hostel' ? { hostelNo: problem.hostelNo } : {}),
    subType: problem.subType,
    ...(complaintIds ? { complaintIds } : {}),
  };
}

/** POST /api/incidents by `who` (from `remoteAddress` when given): the answer, whatever its status. */
export function declareIncident(
  t: TestApp,
  who: Pick<Built, 'token'>,
  declaration: Record<string, unknown>,
  remoteAddress?: string,
) {
  return t.request({
    method: 'POST',
    url: '/api/incidents',
    token: who.token,
    payload: declaration,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** An incident declared by `who` through the API: its data as answered (an error unless 201). */
export async function buildIncident(
  t: TestApp,
  who: Pick<Built, 'token'>,
  declaration: Record<string, unknown>,
) {
  const res = await declareIncident(t, who, declaration);
  if (res.status !== 201)
    throw new Error(`declaring an incident answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; title: string; affected: number; status: string };
}
