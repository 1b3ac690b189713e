/**
 * The authorization matrix: every endpoint × every kind of caller, with the status CONTRACT.md §2-3
 * promises. One `it` per cell, so a failing cell names itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/services/accounts/sessions';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { multipart, SMALL_PDF } from './support';

const CALLERS = [
  'anonymous',
  'studentA',
  'studentB',
  'clerk1',
  'warden1',
  'warden2',
  'network',
  'other',
  'unapproved',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
const users = {} as Record<Exclude<Caller, 'anonymous'>, Built>;
/** A's hostel 1 Internet complaint, B's hostel 2 Electrical complaint, and A's resolved (rated) one. */
let aInternet: { id: number; token: string };
let bElectrical: { id: number; token: string };
let aResolved: { id: number; token: string };
let noticeWithPdf: number;

async function file(who: Built, payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/complaints', token: who.token, payload });
  expect(res.status).toBe(201);
  return { id: res.body.complaint.id as number, token: res.body.token as string };
}

async function setStatus(id: number, status: string) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/complaints/${id}`,
    token: users.other.token,
    payload: { status },
  });
  expect(res.status).toBe(200);
}

async function postNotice(by: Built, pdf = false) {
  const res = await t.request({
    method: 'POST',
    url: '/api/notifications',
    token: by.token,
    ...(await multipart(
      // a Hostel Clerk or Warden posts only to their own hostel (CONTRACT 5.8)
      {
        title: 'Notice',
        message: 'Text',
        hostel: by.user.hostelNo === null ? 'all' : String(by.user.hostelNo),
      },
      pdf ? { name: 'n.pdf', data: SMALL_PDF } : undefined,
    )),
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  users.studentA = await buildStudent(t);
  users.studentB = await buildStudent(t);
  users.clerk1 = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 1 });
  users.warden1 = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  users.warden2 = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  users.network = await buildAuthority(t, 'Network Department');
  users.other = await buildAuthority(t, 'Other');
  users.unapproved = await buildAuthority(t, 'Warden', { hostelNo: 1, approved: false });
  users.admin = await buildAdmin(t);
  aInternet = await file(users.studentA, {
    type: 'Hostel',
    hostelNo: 1,
    roomNo: '101',
    subType: 'Internet',
    description: 'Wi-Fi down',
  });
  bElectrical = await file(users.studentB, {
    type: 'Hostel',
    hostelNo: 2,
    roomNo: '202',
    subType: 'Electrical',
    description: 'Sparking socket',
  });
  aResolved = await file(users.studentA, { type: 'College', subType: 'Library', description: 'Old books' });
  await setStatus(aResolved.id, 'Resolved');
  noticeWithPdf = await postNotice(users.admin, true);
});
afterAll(async () => t.close());

/** A fresh session for a caller, for cells that end the session (logout). */
async function freshToken(who: Caller): Promise<string | undefined> {
  if (who === 'anonymous') return undefined;
  return (await createSession(t.ctx, users[who].id, false)).token;
}

interface Row {
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string | Promise<string>;
  /** a valid body, so the status says who may call, not what was sent */
  body?: (who: Caller) => Promise<unknown> | unknown;
  multipart?: boolean;
  /** the session ends in this cell: use a fresh one */
  freshSession?: boolean;
  expect: Record<Caller, number>;
}

/** The same status for every caller but the listed ones. */
const all = (status: number, except: Partial<Record<Caller, number>> = {}): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((c) => [c, except[c] ?? status])) as Record<Caller, number>;
const AUTHORITIES = { clerk1: 200, warden1: 200, warden2: 200, network: 200, other: 200, unapproved: 200 };
const signedIn = (status: number, except: Partial<Record<Caller, number>> = {}) =>
  all(status, { anonymous: 401, ...except });

/** A new saved reply (CONTRACT 7.5): warden1's own, or the admins' shared one; its id. */
async function savedReply(list: 'me' | 'admin'): Promise<number> {
  const by = list === 'me' ? users.warden1 : users.admin;
  const payload = { title: 'Visit', body: 'A technician will visit {token}.' };
  const res = await t.request({ method: 'POST', url: `/api/${list}/replies`, token: by.token, payload });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}
/** Approved authorities but warden1: another's reply is not found for them (CONTRACT 7.5). */
const NOT_WARDEN1 = { clerk1: 404, warden2: 404, network: 404, other: 404 };

/**
 * CONTRACT 7.2: a grievance of student A's before the SGRC, whose one member is `other`, written
 * straight into the table in the state a row needs (a fresh one per cell, so that no cell's step
 * changes another's, and A's 5 a day are not spent).
 */
let seated: Promise<unknown> | undefined;
let grievanceSeq = 0;
async function grievanceOfA(
  status: 'Submitted' | 'Hearing scheduled' | 'Decided' | 'Appealed',
): Promise<number> {
  seated ??= t.ctx.database.db
    .insertInto('committee_members')
    .values({ committee: 'sgrc', user_id: users.other.id, chair: 1 })
    .execute();
  await seated;
  const now = t.clock.now();
  const day = 24 * 60 * 60 * 1000;
  const row = await t.ctx.database.db
    .insertInto('grievances')
    .values({
      number: `GRV-2099-${String(++grievanceSeq).padStart(6, '0')}`,
      category: 'Admission',
      committee: 'sgrc',
      subject: 'Admission letter',
      description: 'The admission letter names the wrong programme.',
      status,
      anonymous: 0,
      student_id: users.studentA.id,
      student_name: users.studentA.user.name,
      student_roll: users.studentA.user.rollNo,
      due_at: now + 20 * day,
      open_due_at: status === 'Decided' ? null : now + 20 * day,
      hearing_at: status === 'Hearing scheduled' ? now + day : null,
      hearing_place: status === 'Hearing scheduled' ? 'Room 1' : null,
      decision_outcome: status === 'Decided' || status === 'Appealed' ? 'Upheld' : null,
      decision_text: status === 'Decided' || status === 'Appealed' ? 'The letter is corrected.' : null,
      decision_at: status === 'Decided' || status === 'Appealed' ? now : null,
      appeal_reason: status === 'Appealed' ? 'The committee did not hear me.' : null,
      appeal_at: status === 'Appealed' ? now : null,
      appeal_due_at: status === 'Appealed' ? now + 30 * day : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const ONLY_A_AND_MEMBER = (a: number, member: number) => signedIn(404, { studentA: a, other: member });
const decisionBody = () => ({ outcome: 'Upheld', text: 'The committee finds for the student in full.' });

const ROWS: Row[] = [
  // --- auth ---
  {
    endpoint: 'GET /api/auth/check-auth',
    method: 'GET',
    url: () => '/api/auth/check-auth',
    expect: signedIn(200),
  },
  {
    endpoint: 'POST /api/auth/logout',
    method: 'POST',
    url: () => '/api/auth/logout',
    freshSession: true,
    expect: all(200),
  },
  // --- complaints ---
  {
    endpoint: 'POST /api/complaints',
    method: 'POST',
    url: () => '/api/complaints',
    body: () => ({ type: 'College', subType: 'Canteen', description: 'Cold food' }),
    expect: signedIn(403, { studentA: 201, studentB: 201 }),
  },
  {
    endpoint: 'GET /api/complaints/student',
    method: 'GET',
    url: () => '/api/complaints/student',
    expect: signedIn(403, { studentA: 200, studentB: 200 }),
  },
  {
    endpoint: 'GET /api/complaints/authority',
    method: 'GET',
    url: () => '/api/complaints/authority',
    expect: signedIn(403, AUTHORITIES),
  },
  {
    endpoint: 'GET /api/complaints/admin/all',
    method: 'GET',
    url: () => '/api/complaints/admin/all',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'GET /api/complaints/admin/stats',
    method: 'GET',
    url: () => '/api/complaints/admin/stats',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: "GET /api/complaints/{A's hostel 1 Internet token}",
    method: 'GET',
    url: () => `/api/complaints/${aInternet.token}`,
    expect: {
      anonymous: 401,
      studentA: 200,
      studentB: 404,
      clerk1: 200,
      warden1: 200,
      warden2: 404,
      network: 200,
      other: 200,
      unapproved: 404,
      admin: 200,
    },
  },
  {
    endpoint: "GET /api/complaints/{B's hostel 2 Electrical token}",
    method: 'GET',
    url: () => `/api/complaints/${bElectrical.token}`,
    expect: {
      anonymous: 401,
      studentA: 404,
      studentB: 200,
      clerk1: 404,
      warden1: 404,
      warden2: 200,
      network: 404,
      other: 200,
      unapproved: 404,
      admin: 200,
    },
  },
  {
    endpoint: 'GET /api/complaints/{unknown token}',
    method: 'GET',
    url: () => '/api/complaints/CMP-ZZZZZZZZZZ',
    expect: signedIn(404),
  },
  {
    endpoint: "PUT /api/complaints/{A's hostel 1 Internet id}",
    method: 'PUT',
    url: () => `/api/complaints/${aInternet.id}`,
    body: () => ({ status: 'In Progress', remarks: 'Looking into it' }),
    expect: {
      anonymous: 401,
      studentA: 403,
      studentB: 403,
      clerk1: 200,
      warden1: 200,
      warden2: 404,
      network: 200,
      other: 200,
      unapproved: 403,
      admin: 403,
    },
  },
  {
    endpoint: "PUT /api/complaints/{B's hostel 2 Electrical id}",
    method: 'PUT',
    url: () => `/api/complaints/${bElectrical.id}`,
    body: () => ({ status: 'In Progress', remarks: null }),
    expect: {
      anonymous: 401,
      studentA: 403,
      studentB: 403,
      clerk1: 404,
      warden1: 404,
      warden2: 200,
      network: 404,
      other: 200,
      unapproved: 403,
      admin: 403,
    },
  },
  {
    endpoint: 'PUT /api/complaints/{unknown id}',
    method: 'PUT',
    url: () => '/api/complaints/999999',
    body: () => ({ status: 'Resolved' }),
    expect: signedIn(404, { studentA: 403, studentB: 403, unapproved: 403, admin: 403 }),
  },
  // --- feedback ---
  {
    endpoint: "POST /api/feedback on A's resolved complaint",
    method: 'POST',
    url: () => '/api/feedback',
    // A rates a fresh resolved complaint of their own; everyone else tries A's
    body: async (who) => {
      let id = aResolved.id;
      if (who === 'studentA') {
        id = (await file(users.studentA, { type: 'College', subType: 'Academic', description: 'Timetable' }))
          .id;
        await setStatus(id, 'Resolved');
      }
      return { complaintId: id, rating: 4, comments: 'Fixed quickly' };
    },
    expect: signedIn(403, { studentA: 201, studentB: 404 }),
  },
  {
    endpoint: 'GET /api/feedback',
    method: 'GET',
    url: () => '/api/feedback',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'GET /api/feedback/pending',
    method: 'GET',
    url: () => '/api/feedback/pending',
    expect: signedIn(403, { studentA: 200, studentB: 200 }),
  },
  // --- notifications ---
  { endpoint: 'GET /api/notifications', method: 'GET', url: () => '/api/notifications', expect: all(200) },
  {
    endpoint: 'GET /api/notifications/1',
    method: 'GET',
    url: () => '/api/notifications/1',
    expect: all(200),
  },
  {
    endpoint: 'GET /api/notifications/{id}/pdf',
    method: 'GET',
    url: () => `/api/notifications/${noticeWithPdf}/pdf`,
    expect: all(200),
  },
  {
    endpoint: 'POST /api/notifications',
    method: 'POST',
    url: () => '/api/notifications',
    multipart: true,
    // to the whole college: Hostel Clerks and Wardens post only to their own hostel (CONTRACT 5.8)
    expect: signedIn(201, {
      studentA: 403,
      studentB: 403,
      unapproved: 403,
      clerk1: 403,
      warden1: 403,
      warden2: 403,
    }),
  },
  {
    endpoint: "DELETE /api/notifications/{warden1's notice}",
    method: 'DELETE',
    // a fresh notice per cell, so each caller meets one that exists
    url: async () => `/api/notifications/${await postNotice(users.warden1)}`,
    expect: signedIn(403, { warden1: 200, admin: 200 }),
  },
  {
    endpoint: 'DELETE /api/notifications/{unknown id}',
    method: 'DELETE',
    url: () => '/api/notifications/999999',
    // an authority not approved takes no notice action at all, so it learns nothing of ids either
    expect: signedIn(404, { studentA: 403, studentB: 403, unapproved: 403 }),
  },
  // --- admin ---
  {
    endpoint: 'GET /api/admin/authorities',
    method: 'GET',
    url: () => '/api/admin/authorities',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'PUT /api/admin/authorities/{unapproved id}',
    method: 'PUT',
    url: () => `/api/admin/authorities/${users.unapproved.id}`,
    // false keeps the unapproved warden unapproved for every other cell
    body: () => ({ approved: false }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'PUT /api/admin/authorities/{a student id}',
    method: 'PUT',
    url: () => `/api/admin/authorities/${users.studentA.id}`,
    body: () => ({ approved: true }),
    expect: signedIn(403, { admin: 404 }),
  },
  {
    endpoint: "DELETE /api/admin/users/{warden2's id}/two-factor",
    method: 'DELETE',
    // warden2's two-step sign-in is off: the reset answers 200 and changes nothing
    url: () => `/api/admin/users/${users.warden2.id}/two-factor`,
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'DELETE /api/admin/users/{a student id}/two-factor',
    method: 'DELETE',
    url: () => `/api/admin/users/${users.studentA.id}/two-factor`,
    expect: signedIn(403, { admin: 404 }),
  },
  {
    endpoint: 'GET /api/admin/audit',
    method: 'GET',
    url: () => '/api/admin/audit',
    expect: signedIn(403, { admin: 200 }),
  },
  // --- two-step sign-in (CONTRACT 6.5): admins and authorities, approved or not ---
  {
    endpoint: 'GET /api/me/two-factor',
    method: 'GET',
    url: () => '/api/me/two-factor',
    expect: signedIn(403, { ...AUTHORITIES, admin: 200 }),
  },
  {
    endpoint: 'POST /api/me/two-factor',
    method: 'POST',
    url: () => '/api/me/two-factor',
    // CONTRACT 6.7: with the current password (every factory user's)
    body: () => ({ password: 'password123' }),
    expect: signedIn(403, { ...AUTHORITIES, admin: 200 }),
  },
  {
    endpoint: 'POST /api/me/two-factor/confirm (a wrong code)',
    method: 'POST',
    url: () => '/api/me/two-factor/confirm',
    body: () => ({ code: '000000' }),
    expect: signedIn(403, {
      clerk1: 400,
      warden1: 400,
      warden2: 400,
      network: 400,
      other: 400,
      unapproved: 400,
      admin: 400,
    }),
  },
  {
    endpoint: 'DELETE /api/me/two-factor (not on)',
    method: 'DELETE',
    url: () => '/api/me/two-factor',
    body: () => ({ code: '000000', password: 'password123' }),
    expect: signedIn(403, {
      clerk1: 409,
      warden1: 409,
      warden2: 409,
      network: 409,
      other: 409,
      unapproved: 409,
      admin: 409,
    }),
  },
  {
    endpoint: 'POST /api/auth/two-factor (an unknown ticket)',
    method: 'POST',
    url: () => '/api/auth/two-factor',
    body: () => ({ ticket: 'x'.repeat(43), code: '123456' }),
    expect: all(401),
  },
  // --- calendar and committees (CONTRACT 7.1, 7.2) ---
  { endpoint: 'GET /api/calendar', method: 'GET', url: () => '/api/calendar', expect: signedIn(200) },
  {
    endpoint: 'PUT /api/admin/calendar/{year}',
    method: 'PUT',
    url: () => '/api/admin/calendar/2099',
    body: () => ({ holidays: [] }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'GET /api/admin/committees',
    method: 'GET',
    url: () => '/api/admin/committees',
    expect: signedIn(403, { admin: 200 }),
  },
  // CONTRACT 7.4: the grievance report, counts only, for admins
  {
    endpoint: 'GET /api/admin/grievances/report',
    method: 'GET',
    url: () => '/api/admin/grievances/report',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'GET /api/admin/grievances/report.csv',
    method: 'GET',
    url: () => '/api/admin/grievances/report.csv',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'PUT /api/admin/committees/{committee}',
    method: 'PUT',
    url: () => '/api/admin/committees/icc',
    body: () => ({ members: [] }),
    expect: signedIn(403, { admin: 200 }),
  },
  // --- saved replies (CONTRACT 7.5): an approved authority's own, the admins' shared ---
  {
    endpoint: 'GET /api/me/replies',
    method: 'GET',
    url: () => '/api/me/replies',
    expect: signedIn(403, { clerk1: 200, warden1: 200, warden2: 200, network: 200, other: 200 }),
  },
  {
    endpoint: 'POST /api/me/replies',
    method: 'POST',
    url: () => '/api/me/replies',
    body: (who) => ({ title: `By ${who}`, body: 'Hello {student}' }),
    expect: signedIn(403, { clerk1: 201, warden1: 201, warden2: 201, network: 201, other: 201 }),
  },
  {
    endpoint: "PUT /api/me/replies/{id} (warden1's)",
    method: 'PUT',
    url: async () => `/api/me/replies/${await savedReply('me')}`,
    body: () => ({ title: 'Changed', body: 'Changed' }),
    expect: signedIn(403, { ...NOT_WARDEN1, warden1: 200 }),
  },
  {
    endpoint: "DELETE /api/me/replies/{id} (warden1's)",
    method: 'DELETE',
    url: async () => `/api/me/replies/${await savedReply('me')}`,
    expect: signedIn(403, { ...NOT_WARDEN1, warden1: 200 }),
  },
  {
    endpoint: 'PUT /api/me/replies/{id} (a shared one)',
    method: 'PUT',
    url: async () => `/api/me/replies/${await savedReply('admin')}`,
    body: () => ({ title: 'Changed', body: 'Changed' }),
    expect: signedIn(403, { ...NOT_WARDEN1, warden1: 404 }),
  },
  {
    endpoint: 'GET /api/admin/replies',
    method: 'GET',
    url: () => '/api/admin/replies',
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'POST /api/admin/replies',
    method: 'POST',
    url: () => '/api/admin/replies',
    body: (who) => ({ title: `By ${who}`, body: 'Hello {student}' }),
    expect: signedIn(403, { admin: 201 }),
  },
  {
    endpoint: 'PUT /api/admin/replies/{id}',
    method: 'PUT',
    url: async () => `/api/admin/replies/${await savedReply('admin')}`,
    body: () => ({ title: 'Changed', body: 'Changed' }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: 'DELETE /api/admin/replies/{id}',
    method: 'DELETE',
    url: async () => `/api/admin/replies/${await savedReply('admin')}`,
    expect: signedIn(403, { admin: 200 }),
  },
  {
    endpoint: "DELETE /api/admin/replies/{id} (warden1's own)",
    method: 'DELETE',
    url: async () => `/api/admin/replies/${await savedReply('me')}`,
    expect: signedIn(403, { admin: 404 }),
  },
  // --- assignment (CONTRACT 7.5): an approved authority who may update the complaint; 404 out of scope ---
  {
    endpoint: "PUT /api/complaints/{id}/assignee (A's hostel 1 Internet, to other)",
    method: 'PUT',
    url: () => `/api/complaints/${aInternet.id}/assignee`,
    body: () => ({ userId: users.other.id }),
    expect: signedIn(403, { clerk1: 200, warden1: 200, warden2: 404, network: 200, other: 200 }),
  },
  {
    endpoint: 'GET /api/authorities/assignable',
    method: 'GET',
    url: () => '/api/authorities/assignable?q=a',
    expect: signedIn(403, { clerk1: 200, warden1: 200, warden2: 200, network: 200, other: 200 }),
  },
  // --- filing at the desk (CONTRACT 7.5): an approved Hostel Clerk for their hostel, an admin for any ---
  {
    endpoint: "GET /api/students/by-roll (A's roll number)",
    method: 'GET',
    url: () => `/api/students/by-roll?rollNo=${encodeURIComponent(users.studentA.user.rollNo ?? '')}`,
    expect: signedIn(403, { clerk1: 200, admin: 200 }),
  },
  {
    endpoint: 'POST /api/complaints/on-behalf (for A, hostel 1)',
    method: 'POST',
    url: () => '/api/complaints/on-behalf',
    body: () => ({
      rollNo: users.studentA.user.rollNo,
      type: 'Hostel',
      hostelNo: 1,
      roomNo: '101',
      subType: 'Fan',
      description: 'Filed at the desk',
    }),
    expect: signedIn(403, { clerk1: 201, admin: 201 }),
  },
  {
    endpoint: 'POST /api/complaints/on-behalf (for A, hostel 2)',
    method: 'POST',
    url: () => '/api/complaints/on-behalf',
    body: () => ({
      rollNo: users.studentA.user.rollNo,
      type: 'Hostel',
      hostelNo: 2,
      roomNo: '202',
      subType: 'Fan',
      description: 'Filed at the desk',
    }),
    expect: signedIn(403, { admin: 201 }),
  },
  // --- grievances (CONTRACT 7.2): their student and their committee's members; 404 for everyone else ---
  {
    endpoint: 'POST /api/grievances',
    method: 'POST',
    url: () => '/api/grievances',
    body: () => ({
      category: 'Scholarship',
      subject: 'Scholarship unpaid',
      description: 'The scholarship of this semester has not been paid.',
    }),
    expect: signedIn(403, { studentA: 201, studentB: 201 }),
  },
  {
    endpoint: 'GET /api/grievances',
    method: 'GET',
    // with `other` seated on the SGRC and a grievance before it
    url: async () => `/api/grievances?q=${await grievanceOfA('Submitted')}`,
    expect: signedIn(403, { studentA: 200, studentB: 200, other: 200 }),
  },
  {
    endpoint: "GET /api/grievances/{id} (A's, before the SGRC)",
    method: 'GET',
    url: async () => `/api/grievances/${await grievanceOfA('Submitted')}`,
    expect: ONLY_A_AND_MEMBER(200, 200),
  },
  {
    endpoint: 'POST /api/grievances/{id}/hearing',
    method: 'POST',
    url: async () => `/api/grievances/${await grievanceOfA('Submitted')}/hearing`,
    body: () => ({ at: new Date(t.clock.now() + 3 * 86_400_000).toISOString(), place: 'Senate Hall' }),
    expect: ONLY_A_AND_MEMBER(403, 200),
  },
  {
    endpoint: 'PUT /api/grievances/{id}/representative',
    method: 'PUT',
    url: async () => `/api/grievances/${await grievanceOfA('Hearing scheduled')}/representative`,
    body: () => ({ name: 'A friend' }),
    expect: ONLY_A_AND_MEMBER(200, 403),
  },
  {
    endpoint: 'POST /api/grievances/{id}/decision',
    method: 'POST',
    url: async () => `/api/grievances/${await grievanceOfA('Submitted')}/decision`,
    body: decisionBody,
    expect: ONLY_A_AND_MEMBER(403, 200),
  },
  {
    endpoint: 'POST /api/grievances/{id}/withdraw',
    method: 'POST',
    url: async () => `/api/grievances/${await grievanceOfA('Submitted')}/withdraw`,
    expect: ONLY_A_AND_MEMBER(200, 403),
  },
  {
    endpoint: 'POST /api/grievances/{id}/appeal',
    method: 'POST',
    url: async () => `/api/grievances/${await grievanceOfA('Decided')}/appeal`,
    body: () => ({ reason: 'The committee did not hear my witnesses.' }),
    expect: ONLY_A_AND_MEMBER(200, 403),
  },
  {
    endpoint: 'POST /api/grievances/{id}/appeal-decision',
    method: 'POST',
    url: async () => `/api/grievances/${await grievanceOfA('Appealed')}/appeal-decision`,
    body: decisionBody,
    expect: ONLY_A_AND_MEMBER(403, 403),
  },
  {
    endpoint: 'POST /api/grievances/{id}/messages',
    method: 'POST',
    url: async () => `/api/grievances/${await grievanceOfA('Submitted')}/messages`,
    body: () => ({ body: 'A word on the grievance.' }),
    expect: ONLY_A_AND_MEMBER(201, 201),
  },
  // --- public ---
  { endpoint: 'GET /api/health', method: 'GET', url: () => '/api/health', expect: all(200) },
  { endpoint: 'GET /api/committees', method: 'GET', url: () => '/api/committees', expect: all(200) },
];

const CELLS = ROWS.flatMap((row) =>
  CALLERS.map((caller) => ({ endpoint: row.endpoint, caller, status: row.expect[caller], row })),
);

describe('authorization matrix', () => {
  it.each(CELLS)('$endpoint as $caller answers $status', async ({ row, caller, status }) => {
    const token = row.freshSession
      ? await freshToken(caller)
      : caller === 'anonymous'
        ? undefined
        : users[caller].token;
    const url = await row.url();
    const extra = row.multipart
      ? await multipart({ title: `By ${caller}`, message: 'Hello', hostel: 'all' })
      : row.body
        ? { payload: (await row.body(caller)) as Record<string, unknown> }
        : {};
    const res = await t.request({ method: row.method, url, token, ...extra });
    expect(res.status, JSON.stringify(res.body)?.slice(0, 200)).toBe(status);
    if (status >= 400) expect(typeof res.body.message).toBe('string');
  });

  it('answers a 404 for a complaint out of scope exactly as for one that does not exist', async () => {
    const hidden = await t.request({
      method: 'GET',
      url: `/api/complaints/${aInternet.token}`,
      token: users.studentB.token,
    });
    const missing = await t.request({
      method: 'GET',
      url: '/api/complaints/CMP-ZZZZZZZZZZ',
      token: users.studentB.token,
    });
    expect(hidden).toMatchObject({ status: 404, body: missing.body });
  });

  it('keeps a notice in place when another authority tries to delete it', async () => {
    // an authority's refused delete really left the notice in place
    const id = await postNotice(users.warden1);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/notifications/${id}`, token: users.warden2.token }))
        .status,
    ).toBe(403);
    const list = await t.request({ method: 'GET', url: '/api/notifications?pageSize=100' });
    expect(list.body.data.some((n: { id: number }) => n.id === id)).toBe(true);
  });
});
