/**
 * Hostile input, table-driven: every endpoint that takes input, called with a valid session of the
 * right role, meets malformed bodies, wrong types, oversized and odd text, injection fragments and
 * odd path segments. Every answer must be a 4xx (or a 2xx where the input is legitimately valid)
 * carrying a JSON `{ message }`, never a 5xx; and a rejected request must leave the database as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { dbSnapshot, freshIp, multipart, SMALL_PDF } from './support';

let t: TestApp;
let student: Built;
let warden: Built;
let admin: Built;
let pendingAuthority: Built;
/** The student the desk files for (CONTRACT 7.5): their quota is not `student`'s. */
let deskStudent: Built;
/** A hostel 1 complaint of `student`, in `warden`'s scope. */
let complaint: { id: number; token: string };
/** A resolved complaint of `student` that already has feedback: a well-formed feedback body answers 409. */
let rated: { id: number; token: string };
/** A notice with a PDF, posted by the admin. */
let noticeId: number;

type Who = 'anon' | 'student' | 'warden' | 'admin';
const tokenOf = (who: Who) =>
  ({ anon: undefined, student: student.token, warden: warden.token, admin: admin.token })[who];

let seq = 0;
const uniq = () => `${process.pid}x${++seq}`;

async function fileComplaint(description = 'Tap leaks all night') {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: { type: 'Hostel', hostelNo: 1, roomNo: '101', subType: 'Plumbing', description },
  });
  expect(res.status).toBe(201);
  return { id: res.body.complaint.id as number, token: res.body.token as string };
}

async function resolve(id: number, remarks: string | null = 'Fixed') {
  const res = await t.request({
    method: 'PUT',
    url: `/api/complaints/${id}`,
    token: warden.token,
    payload: { status: 'Resolved', remarks },
  });
  expect(res.status).toBe(200);
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  student = await buildStudent(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  admin = await buildAdmin(t);
  pendingAuthority = await buildAuthority(t, 'Other', { approved: false });
  deskStudent = await buildStudent(t);
  complaint = await fileComplaint();
  rated = await fileComplaint('Fan broken');
  await resolve(rated.id);
  const fb = await t.request({
    method: 'POST',
    url: '/api/feedback',
    token: student.token,
    payload: { complaintId: rated.id, rating: 5, comments: 'Thanks' },
  });
  expect(fb.status).toBe(201);
  const notice = await t.request({
    method: 'POST',
    url: '/api/notifications',
    token: admin.token,
    ...(await multipart(
      { title: 'Menu', message: 'See PDF', hostel: 'all' },
      { name: 'menu.pdf', data: SMALL_PDF },
    )),
  });
  expect(notice.status).toBe(201);
  noticeId = notice.body.data.id;
});
afterAll(async () => t.close());

type Res = Awaited<ReturnType<TestApp['request']>>;

/** The invariant every case shares: no 5xx, a 4xx carries `{ message }` and changed nothing. */
async function expectSafe(label: string, res: Res, before: Record<string, number>) {
  expect(
    res.status,
    `${label}: status ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`,
  ).toBeLessThan(500);
  if (res.status >= 400) {
    expect(String(res.headers['content-type']), label).toContain('application/json');
    expect(typeof res.body?.message, `${label}: { message } is a string`).toBe('string');
    expect(await dbSnapshot(t), `${label}: the database is as it was`).toEqual(before);
  }
}

/** Sends one request from a fresh address and checks the shared invariant. */
async function send(
  label: string,
  opts: Parameters<TestApp['request']>[0],
  expected?: number | number[] | 'any',
): Promise<Res> {
  const before = await dbSnapshot(t);
  const res = await t.request({ remoteAddress: freshIp(), ...opts });
  await expectSafe(label, res, before);
  if (expected !== undefined && expected !== 'any') {
    const allowed = Array.isArray(expected) ? expected : [expected];
    expect(allowed, `${label}: got ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`).toContain(
      res.status,
    );
  }
  return res;
}

/** CONTRACT 7.2: grievances of the student's before the SGRC, on which the warden sits (one per step). */
const grievanceIds: Record<'hearing' | 'decision' | 'talk', number> = { hearing: 0, decision: 0, talk: 0 };
beforeAll(async () => {
  await t.ctx.database.db
    .insertInto('committee_members')
    .values({ committee: 'sgrc', user_id: warden.id, chair: 1 })
    .execute();
  for (const key of Object.keys(grievanceIds) as (keyof typeof grievanceIds)[]) {
    const res = await t.request({
      method: 'POST',
      url: '/api/grievances',
      token: student.token,
      payload: {
        category: 'Admission',
        subject: 'Admission letter',
        description: 'The admission letter names the wrong programme.',
      },
    });
    expect(res.status).toBe(201);
    grievanceIds[key] = res.body.data.id;
  }
  // a hearing, so that the representative may be named
  await t.request({
    method: 'POST',
    url: `/api/grievances/${grievanceIds.talk}/hearing`,
    token: warden.token,
    payload: { at: new Date(t.clock.now() + 30 * 86_400_000).toISOString(), place: 'Senate Hall' },
  });
});

// ---------------------------------------------------------------------------------------------
// JSON endpoints
// ---------------------------------------------------------------------------------------------

interface JsonEndpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  who: Who;
  /** a valid body; a fresh one per call, so unique fields never collide */
  body: () => Record<string, unknown>;
  /** fields that receive every hostile string */
  fields: string[];
  /** `field:kind` wrong-type cases that are in fact acceptable (the answer may be 2xx or any 4xx) */
  loose?: string[];
}

const PASSWORD = 'password123';
const JSON_ENDPOINTS: JsonEndpoint[] = [
  {
    name: 'POST /api/auth/two-factor',
    method: 'POST',
    url: () => '/api/auth/two-factor',
    who: 'anon',
    body: () => ({ ticket: 'x'.repeat(43), code: '123456' }),
    fields: ['ticket', 'code'],
  },
  {
    name: 'POST /api/me/two-factor/confirm',
    method: 'POST',
    url: () => '/api/me/two-factor/confirm',
    who: 'admin',
    body: () => ({ code: '123456' }),
    fields: ['code'],
  },
  {
    // CONTRACT 6.7: the set-up takes the current password (wrong ones count as failed logins)
    name: 'POST /api/me/two-factor',
    method: 'POST',
    url: () => '/api/me/two-factor',
    who: 'warden',
    body: () => ({ password: PASSWORD }),
    fields: ['password'],
  },
  {
    name: 'POST /api/auth/student-signup',
    method: 'POST',
    url: () => '/api/auth/student-signup',
    who: 'anon',
    body: () => {
      const n = uniq();
      return {
        name: 'Asha Verma',
        rollNo: `BTECH/H${n}/23`,
        email: `hostile${n}@bitmesra.ac.in`,
        mobile: '9876543210',
        session: '2023-27',
        department: 'Computer Science',
        password: PASSWORD,
      };
    },
    fields: ['name', 'rollNo', 'email', 'mobile', 'session', 'department', 'password'],
  },
  {
    name: 'POST /api/auth/authority-signup',
    method: 'POST',
    url: () => '/api/auth/authority-signup',
    who: 'anon',
    body: () => ({
      name: 'R. K. Sinha',
      email: `warden${uniq()}@example.org`,
      mobile: '9876543210',
      designation: 'Warden',
      department: 'Hostels',
      hostelNo: 1,
      password: PASSWORD,
    }),
    fields: ['name', 'email', 'mobile', 'designation', 'department', 'hostelNo', 'password'],
    loose: ['department:null', 'department:missing'],
  },
  ...(['verify-email', 'verify-authority-email'] as const).map(
    (p): JsonEndpoint => ({
      name: `POST /api/auth/${p}`,
      method: 'POST',
      url: () => `/api/auth/${p}`,
      who: 'anon',
      body: () => ({ email: `nobody${uniq()}@bitmesra.ac.in`, otp: '123456' }),
      fields: ['email', 'otp'],
    }),
  ),
  ...(['resend-otp', 'resend-authority-otp'] as const).map(
    (p): JsonEndpoint => ({
      name: `POST /api/auth/${p}`,
      method: 'POST',
      url: () => `/api/auth/${p}`,
      who: 'anon',
      body: () => ({ email: `nobody${uniq()}@bitmesra.ac.in` }),
      fields: ['email'],
    }),
  ),
  ...(['student-login', 'authority-login', 'admin-login'] as const).map(
    (p): JsonEndpoint => ({
      name: `POST /api/auth/${p}`,
      method: 'POST',
      url: () => `/api/auth/${p}`,
      who: 'anon',
      body: () => ({ email: `nobody${uniq()}@example.org`, password: PASSWORD }),
      fields: ['email', 'password'],
    }),
  ),
  {
    name: 'POST /api/auth/forgot-password',
    method: 'POST',
    url: () => '/api/auth/forgot-password',
    who: 'anon',
    body: () => ({ email: `nobody${uniq()}@example.org`, role: 'student' }),
    fields: ['email', 'role'],
  },
  {
    name: 'POST /api/auth/reset-password',
    method: 'POST',
    url: () => '/api/auth/reset-password',
    who: 'anon',
    body: () => ({
      email: `nobody${uniq()}@example.org`,
      otp: '123456',
      newPassword: PASSWORD,
      role: 'student',
    }),
    fields: ['email', 'otp', 'newPassword', 'role'],
  },
  {
    name: 'POST /api/complaints',
    method: 'POST',
    url: () => '/api/complaints',
    who: 'student',
    body: () => ({
      type: 'Hostel',
      hostelNo: 1,
      roomNo: '101',
      subType: 'Plumbing',
      description: 'Tap leaks',
    }),
    fields: ['type', 'hostelNo', 'roomNo', 'subType', 'description'],
  },
  {
    name: 'PUT /api/complaints/:id',
    method: 'PUT',
    url: () => `/api/complaints/${complaint.id}`,
    who: 'warden',
    body: () => ({ status: 'In Progress', remarks: 'On it' }),
    fields: ['status', 'remarks'],
    loose: ['remarks:null', 'remarks:missing'],
  },
  {
    name: 'POST /api/feedback',
    method: 'POST',
    url: () => '/api/feedback',
    who: 'student',
    body: () => ({ complaintId: rated.id, rating: 4, comments: 'Good' }),
    fields: ['complaintId', 'rating', 'comments'],
    loose: ['complaintId:number', 'comments:null', 'comments:missing'],
  },
  {
    name: 'PUT /api/admin/authorities/:id',
    method: 'PUT',
    url: () => `/api/admin/authorities/${pendingAuthority.id}`,
    who: 'admin',
    body: () => ({ approved: false }),
    fields: ['approved'],
    loose: ['approved:boolean'],
  },
  {
    name: 'POST /api/complaints/:id/messages',
    method: 'POST',
    url: () => `/api/complaints/${complaint.id}/messages`,
    who: 'student',
    body: () => ({ body: 'Any update on this?' }),
    fields: ['body'],
  },
  {
    // the complaint is Pending: a well-formed reason answers the service's 409
    name: 'POST /api/complaints/:id/reopen',
    method: 'POST',
    url: () => `/api/complaints/${complaint.id}/reopen`,
    who: 'student',
    body: () => ({ reason: 'Still broken' }),
    fields: ['reason'],
  },
  {
    name: 'PUT /api/me/preferences',
    method: 'PUT',
    url: () => '/api/me/preferences',
    who: 'warden',
    body: () => ({ newComplaints: 'digest' }),
    fields: ['newComplaints'],
  },
  {
    name: 'PUT /api/me/profile',
    method: 'PUT',
    url: () => '/api/me/profile',
    who: 'student',
    body: () => ({ mobile: '9876543210', hostelNo: 1, roomNo: '101' }),
    fields: ['mobile', 'hostelNo', 'roomNo'],
    // hostel and room may be left out or null (none chosen), the hostel given as a number or a string
    loose: ['hostelNo:number', 'hostelNo:null', 'hostelNo:missing', 'roomNo:null', 'roomNo:missing'],
  },
  {
    // CONTRACT 7.2: 5 a day, so most valid bodies here meet the limit's 429
    name: 'POST /api/grievances',
    method: 'POST',
    url: () => '/api/grievances',
    who: 'student',
    body: () => ({
      category: 'Scholarship',
      subject: 'Scholarship unpaid',
      description: 'The scholarship of this semester has not been paid.',
    }),
    fields: ['category', 'subject', 'description'],
  },
  {
    name: 'POST /api/grievances/:id/hearing',
    method: 'POST',
    url: () => `/api/grievances/${grievanceIds.hearing}/hearing`,
    who: 'warden',
    body: () => ({ at: new Date(t.clock.now() + 86_400_000).toISOString(), place: 'Senate Hall' }),
    fields: ['at', 'place'],
  },
  {
    name: 'PUT /api/grievances/:id/representative',
    method: 'PUT',
    url: () => `/api/grievances/${grievanceIds.talk}/representative`,
    who: 'student',
    body: () => ({ name: 'A friend' }),
    fields: ['name'],
  },
  {
    // decided by the first valid body; the others answer the service's 409
    name: 'POST /api/grievances/:id/decision',
    method: 'POST',
    url: () => `/api/grievances/${grievanceIds.decision}/decision`,
    who: 'warden',
    body: () => ({ outcome: 'Upheld', text: 'The committee finds for the student in full.' }),
    fields: ['outcome', 'text'],
  },
  {
    // the grievance is not decided: a well-formed reason answers the service's 409
    name: 'POST /api/grievances/:id/appeal',
    method: 'POST',
    url: () => `/api/grievances/${grievanceIds.talk}/appeal`,
    who: 'student',
    body: () => ({ reason: 'The committee did not hear my witnesses.' }),
    fields: ['reason'],
  },
  {
    name: 'POST /api/grievances/:id/messages',
    method: 'POST',
    url: () => `/api/grievances/${grievanceIds.talk}/messages`,
    who: 'student',
    body: () => ({ body: 'A word on the grievance.' }),
    fields: ['body'],
  },
  {
    // CONTRACT 7.1: a year of its own, so no other test's holidays change
    name: 'PUT /api/admin/calendar/:year',
    method: 'PUT',
    url: () => '/api/admin/calendar/2099',
    who: 'admin',
    body: () => ({ holidays: [{ date: '2099-01-26', name: 'Republic Day' }] }),
    fields: ['holidays'],
  },
  {
    // CONTRACT 7.2: an empty committee is a valid one
    name: 'PUT /api/admin/committees/:committee',
    method: 'PUT',
    url: () => '/api/admin/committees/icc',
    who: 'admin',
    body: () => ({ members: [] }),
    fields: ['members'],
  },
  {
    // CONTRACT 7.5: fewer than 50 bodies here are valid, so none meets the limit
    name: 'POST /api/me/replies',
    method: 'POST',
    url: () => '/api/me/replies',
    who: 'warden',
    body: () => ({ title: 'Technician visit', body: 'Dear {student}, a technician will visit ({token}).' }),
    fields: ['title', 'body'],
  },
  {
    name: 'POST /api/admin/replies',
    method: 'POST',
    url: () => '/api/admin/replies',
    who: 'admin',
    body: () => ({ title: 'Office closed', body: 'The office is closed today.' }),
    fields: ['title', 'body'],
  },
  {
    // CONTRACT 7.5: assignment (warden's hostel-1 complaint, to the warden); null clears it
    name: 'PUT /api/complaints/:id/assignee',
    method: 'PUT',
    url: () => `/api/complaints/${complaint.id}/assignee`,
    who: 'warden',
    body: () => ({ userId: warden.id }),
    fields: ['userId'],
    loose: ['userId:null'],
  },
  {
    // CONTRACT 7.5: filing at the desk; past the student's 20 a day a valid body is a 429
    name: 'POST /api/complaints/on-behalf',
    method: 'POST',
    url: () => '/api/complaints/on-behalf',
    who: 'admin',
    body: () => ({
      rollNo: deskStudent.user.rollNo,
      type: 'Hostel',
      hostelNo: 1,
      roomNo: '101',
      subType: 'Plumbing',
      description: 'Tap leaks',
    }),
    fields: ['rollNo', 'roomNo', 'description'],
  },
];

const LONG = 'a'.repeat(100_000);
/** Text that is valid wherever free text is: it must be accepted and stored exactly. */
const LEGIT_TEXT: Record<string, string> = {
  emoji: '🙂🔥👩🏽‍💻 पानी नहीं आ रहा',
  'right-to-left text': 'مرحبا بالعالم \u202Eabc\u202C שלום',
  "the SQL fragment ' OR 1=1 --": "' OR 1=1 --",
  'the SQL fragment "; DROP TABLE complaints; --': '"; DROP TABLE complaints; --',
  'a script tag': '<script>alert(1)</script>',
  'an img onerror': '<img src=x onerror=alert(1)>',
};
/** Every hostile string with what any field must answer: 4xx for the long one, 400 for NUL. */
const HOSTILE: [string, string, number[] | 'any'][] = [
  ['a 100,000-character string', LONG, [400, 413]],
  ['a NUL byte', 'abc\u0000def', [400]],
  ...Object.entries(LEGIT_TEXT).map(([k, v]): [string, string, 'any'] => [k, v, 'any']),
];

const WRONG_TYPES: [string, unknown][] = [
  ['number', 12345],
  ['boolean', true],
  ['array', ['x']],
  ['object', { x: 1 }],
  ['null', null],
  ['missing', undefined],
];

describe.each(JSON_ENDPOINTS)('$name', (ep) => {
  const req = (payload: unknown, headers: Record<string, string> = {}) => ({
    method: ep.method,
    url: ep.url(),
    token: tokenOf(ep.who),
    payload: payload as string,
    headers,
  });

  it('accepts the valid body the other cases start from (2xx, or the 4xx its service decides)', async () => {
    const res = await send('valid body', req(ep.body()), 'any');
    // the cases below must reach validation: the session is right and the body is taken
    expect([403, 413, 415]).not.toContain(res.status);
    if (ep.who !== 'anon') expect(res.status).not.toBe(401);
  });

  it('refuses malformed JSON, an empty body, non-object JSON and prototype poisoning with 400', async () => {
    const raw: [string, string][] = [
      ['malformed JSON', '{"email": "a@b.c",'],
      ['an empty body', ''],
      ['a JSON array', '[]'],
      ['JSON null', 'null'],
      ['a JSON string', '"hello"'],
      ['__proto__ poisoning', JSON.stringify(ep.body()).replace(/^\{/, '{"__proto__":{"role":"admin"},')],
      [
        'constructor.prototype poisoning',
        JSON.stringify(ep.body()).replace(/^\{/, '{"constructor":{"prototype":{"role":"admin"}},'),
      ],
    ];
    for (const [label, payload] of raw) {
      await send(label, req(payload, { 'content-type': 'application/json' }), 400);
    }
  });

  it('refuses text/plain and application/xml bodies with a 4xx', async () => {
    await send('text/plain', req(JSON.stringify(ep.body()), { 'content-type': 'text/plain' }), [400, 415]);
    await send('application/xml', req('<a>1</a>', { 'content-type': 'application/xml' }), 415);
  });

  it('refuses a 2 MiB body with 413', async () => {
    const big = { ...ep.body(), [ep.fields[0] ?? 'x']: 'b'.repeat(2 * 1024 * 1024) };
    await send('2 MiB body', req(big), 413);
  });

  it('refuses an unknown field with 400 (no mass assignment)', async () => {
    for (const extra of ['role', 'isAdmin', 'studentId', 'approved', 'id'])
      if (!(extra in ep.body())) await send(`unknown ${extra}`, req({ ...ep.body(), [extra]: 'admin' }), 400);
  });

  it('refuses a wrong type or a missing value in every field with 400', async () => {
    for (const field of Object.keys(ep.body())) {
      for (const [kind, value] of WRONG_TYPES) {
        const body: Record<string, unknown> = { ...ep.body() };
        if (kind === 'missing') delete body[field];
        else body[field] = value;
        const loose = ep.loose?.includes(`${field}:${kind}`);
        await send(`${field} as ${kind}`, req(body), loose ? 'any' : 400);
      }
    }
  });

  it('answers hostile text in every field without a 5xx, storing nothing when refused', async () => {
    for (const field of ep.fields) {
      for (const [label, value, expected] of HOSTILE) {
        await send(`${field} = ${label}`, req({ ...ep.body(), [field]: value }), expected);
      }
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('refuses malformed JSON and a 2 MiB body with a 4xx and changes nothing', async () => {
    const base = { method: 'POST' as const, url: '/api/auth/logout', token: student.token };
    await send(
      'malformed JSON',
      { ...base, payload: '{', headers: { 'content-type': 'application/json' } },
      400,
    );
    await send('2 MiB body', { ...base, payload: { x: 'b'.repeat(2 * 1024 * 1024) } }, 413);
    // the session survived both refused requests
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/check-auth', token: student.token })).status,
    ).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------------------------

/** `loose`: `param=value` cases of BAD_QUERY_VALUES that are in fact valid there (any answer but a 5xx). */
const LISTS: { url: string; who: Who; params: string[]; loose?: string[] }[] = [
  { url: '/api/complaints/student', who: 'student', params: ['page', 'pageSize'] },
  { url: '/api/complaints/authority', who: 'warden', params: ['page', 'pageSize', 'status'] },
  {
    url: '/api/complaints/admin/all',
    who: 'admin',
    params: ['page', 'pageSize', 'hostelNo', 'type', 'status'],
  },
  // CONTRACT 7.5: assignment's filter, and the authorities to assign to by name (free text but for NUL and length)
  { url: '/api/complaints/authority', who: 'warden', params: ['assignee'] },
  {
    url: '/api/authorities/assignable',
    who: 'warden',
    params: ['q'],
    loose: [
      '-1',
      '0',
      '1e9',
      '9999999999999999999',
      'abc',
      "' OR 1=1 --",
      '"; DROP TABLE complaints; --',
      '<script>alert(1)</script>',
    ].map((v) => `q=${v === 'abc' || /^[-0-9e]+$/.test(v) ? v : encodeURIComponent(v)}`),
  },
  { url: '/api/feedback', who: 'admin', params: ['page', 'pageSize'] },
  { url: '/api/notifications', who: 'anon', params: ['page', 'pageSize'] },
  { url: '/api/notifications/3', who: 'anon', params: ['page', 'pageSize'] },
  { url: '/api/admin/authorities', who: 'admin', params: ['approved'] },
  // keyset paging and the overdue filter
  { url: '/api/complaints/authority', who: 'warden', params: ['before', 'overdue'], loose: ['before=1e9'] },
  { url: '/api/complaints/admin/all', who: 'admin', params: ['before', 'overdue'], loose: ['before=1e9'] },
  { url: '/api/complaints/admin/report', who: 'admin', params: ['from', 'to', 'type', 'hostelNo'] },
  // a period of filing days, as the report's (CONTRACT 6.6), with keyset paging and overdue beside it
  { url: '/api/complaints/admin/all', who: 'admin', params: ['from', 'to'] },
  {
    url: '/api/complaints/admin/all?from=2026-01-01&to=2026-01-15&overdue=true',
    who: 'admin',
    params: ['before'],
    loose: ['before=1e9'],
  },
  {
    url: '/api/complaints/admin/export.csv',
    who: 'admin',
    params: ['hostelNo', 'type', 'status', 'overdue', 'from', 'to'],
  },
  { url: '/api/calendar', who: 'student', params: ['year'] },
  // CONTRACT 7.4: the grievance report's period, as the complaint report's
  { url: '/api/admin/grievances/report', who: 'admin', params: ['from', 'to'] },
  { url: '/api/admin/grievances/report.csv', who: 'admin', params: ['from', 'to'] },
  {
    url: '/api/grievances',
    who: 'student',
    params: ['page', 'pageSize', 'before', 'status', 'category', 'overdue'],
    loose: ['before=1e9'],
  },
  {
    url: '/api/admin/audit',
    who: 'admin',
    params: ['page', 'pageSize', 'before', 'actor', 'action', 'from', 'to'],
    loose: ['before=1e9', 'actor=1e9'],
  },
];

const BAD_QUERY_VALUES = [
  '-1',
  '0',
  '1e9',
  '9999999999999999999',
  'abc',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('"; DROP TABLE complaints; --'),
  encodeURIComponent('<script>alert(1)</script>'),
  '%00',
  'x'.repeat(100_000),
];

describe.each(LISTS)('GET $url', (list) => {
  it('answers 200 to a plain request with the right session', async () => {
    await send('plain', { method: 'GET', url: list.url, token: tokenOf(list.who) }, 200);
  });

  it('refuses odd values and repeated keys in every query parameter with 400', async () => {
    // a list's url may carry valid parameters the odd one goes beside
    const q = list.url.includes('?') ? '&' : '?';
    for (const p of list.params) {
      for (const v of BAD_QUERY_VALUES) {
        await send(
          `${p}=${v.slice(0, 30)}`,
          { method: 'GET', url: `${list.url}${q}${p}=${v}`, token: tokenOf(list.who) },
          list.loose?.includes(`${p}=${v}`) ? 'any' : 400,
        );
      }
      await send(
        `${p} twice`,
        { method: 'GET', url: `${list.url}${q}${p}=1&${p}=2`, token: tokenOf(list.who) },
        400,
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Tokens and ids in paths
// ---------------------------------------------------------------------------------------------

const ODD_SEGMENTS = [
  '../',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'x'.repeat(10_000),
  '-1',
  '0',
  '1e9',
  '9999999999999999999',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  'CMP-%00',
];

const PATHS: {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (seg: string) => string;
  who: Who;
  body?: Record<string, unknown>;
  /** well-formed but unknown: must be a plain 404 */
  unknown: string;
}[] = [
  {
    name: 'GET /api/complaints/:token',
    method: 'GET',
    url: (s) => `/api/complaints/${s}`,
    who: 'student',
    unknown: 'CMP-ZZZZZZZZZZ',
  },
  {
    name: 'PUT /api/complaints/:id',
    method: 'PUT',
    url: (s) => `/api/complaints/${s}`,
    who: 'warden',
    body: { status: 'In Progress' },
    unknown: '999999999999999',
  },
  {
    name: 'DELETE /api/notifications/:id',
    method: 'DELETE',
    url: (s) => `/api/notifications/${s}`,
    who: 'admin',
    unknown: '999999999999999',
  },
  {
    name: 'GET /api/notifications/:id/pdf',
    method: 'GET',
    url: (s) => `/api/notifications/${s}/pdf`,
    who: 'anon',
    unknown: '999999999999999',
  },
  {
    name: 'PUT /api/admin/authorities/:id',
    method: 'PUT',
    url: (s) => `/api/admin/authorities/${s}`,
    who: 'admin',
    body: { approved: false },
    unknown: '999999999999999',
  },
  {
    name: 'POST /api/complaints/:id/messages',
    method: 'POST',
    url: (s) => `/api/complaints/${s}/messages`,
    who: 'student',
    body: { body: 'Hello?' },
    unknown: '999999999999999',
  },
  {
    name: 'POST /api/complaints/:id/reopen',
    method: 'POST',
    url: (s) => `/api/complaints/${s}/reopen`,
    who: 'student',
    body: { reason: 'Still broken' },
    unknown: '999999999999999',
  },
  {
    name: 'GET /api/attachments/:id',
    method: 'GET',
    url: (s) => `/api/attachments/${s}`,
    who: 'student',
    unknown: '999999999999999',
  },
  {
    name: 'GET /api/attachments/:id/thumb',
    method: 'GET',
    url: (s) => `/api/attachments/${s}/thumb`,
    who: 'student',
    unknown: '999999999999999',
  },
  // CONTRACT 7.5: assignment
  {
    name: 'PUT /api/complaints/:id/assignee',
    method: 'PUT',
    url: (s) => `/api/complaints/${s}/assignee`,
    who: 'warden',
    body: { userId: null },
    unknown: '999999999999999',
  },
  // CONTRACT 7.5: saved replies by id
  {
    name: 'PUT /api/me/replies/:id',
    method: 'PUT',
    url: (s) => `/api/me/replies/${s}`,
    who: 'warden',
    body: { title: 'Visit', body: 'A technician will visit.' },
    unknown: '999999999999999',
  },
  {
    name: 'DELETE /api/me/replies/:id',
    method: 'DELETE',
    url: (s) => `/api/me/replies/${s}`,
    who: 'warden',
    unknown: '999999999999999',
  },
  {
    name: 'PUT /api/admin/replies/:id',
    method: 'PUT',
    url: (s) => `/api/admin/replies/${s}`,
    who: 'admin',
    body: { title: 'Visit', body: 'A technician will visit.' },
    unknown: '999999999999999',
  },
  {
    name: 'DELETE /api/admin/replies/:id',
    method: 'DELETE',
    url: (s) => `/api/admin/replies/${s}`,
    who: 'admin',
    unknown: '999999999999999',
  },
];

describe.each(PATHS)('$name', (p) => {
  it('refuses odd tokens and ids in the path with a 4xx and changes nothing', async () => {
    for (const seg of ODD_SEGMENTS) {
      await send(
        `segment ${seg.slice(0, 30)}`,
        { method: p.method, url: p.url(seg), token: tokenOf(p.who), payload: p.body },
        [400, 404, 414],
      );
    }
  });

  it('answers 404 for a well-formed id or token that does not exist', async () => {
    await send(
      'unknown',
      { method: p.method, url: p.url(p.unknown), token: tokenOf(p.who), payload: p.body },
      404,
    );
  });
});

describe('GET /api/notifications/:target', () => {
  it('refuses odd targets with a 4xx', async () => {
    for (const seg of [...ODD_SEGMENTS, '14', 'ALL']) {
      await send(
        `target ${seg.slice(0, 30)}`,
        { method: 'GET', url: `/api/notifications/${seg}` },
        [400, 404, 414],
      );
    }
  });
});

describe('PUT /api/admin/calendar/:year and /api/admin/committees/:committee', () => {
  it('refuse odd years and committees in the path with a 4xx', async () => {
    for (const seg of [...ODD_SEGMENTS, '1999', '2101', 'SGRC', 'library']) {
      await send(
        `year ${seg.slice(0, 30)}`,
        { method: 'PUT', url: `/api/admin/calendar/${seg}`, token: admin.token, payload: { holidays: [] } },
        [400, 404, 414],
      );
      await send(
        `committee ${seg.slice(0, 30)}`,
        { method: 'PUT', url: `/api/admin/committees/${seg}`, token: admin.token, payload: { members: [] } },
        [400, 404, 414],
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Multipart: POST /api/notifications
// ---------------------------------------------------------------------------------------------

describe('POST /api/notifications (multipart)', () => {
  const valid = () => ({ title: 'Water supply', message: 'Off from 10 to 12', hostel: 'all' });
  const post = async (
    label: string,
    fields: Record<string, string>,
    file: Parameters<typeof multipart>[1],
    expected: number | number[] | 'any',
  ) =>
    send(
      label,
      { method: 'POST', url: '/api/notifications', token: admin.token, ...(await multipart(fields, file)) },
      expected,
    );

  it('refuses JSON, text/plain and application/xml bodies with 415', async () => {
    const base = { method: 'POST' as const, url: '/api/notifications', token: admin.token };
    await send('JSON', { ...base, payload: valid() }, 415);
    await send('text/plain', { ...base, payload: 'title=x', headers: { 'content-type': 'text/plain' } }, 415);
    await send('xml', { ...base, payload: '<a/>', headers: { 'content-type': 'application/xml' } }, 415);
  });

  it('refuses a malformed multipart body with a 4xx', async () => {
    const base = { method: 'POST' as const, url: '/api/notifications', token: admin.token };
    await send(
      'garbage after a boundary',
      {
        ...base,
        payload: 'this is not multipart',
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      },
      [400, 415],
    );
    await send(
      'a truncated part',
      {
        ...base,
        payload: '--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nunfinished',
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      },
      [400, 415],
    );
    await send(
      'no boundary',
      { ...base, payload: 'x', headers: { 'content-type': 'multipart/form-data' } },
      [400, 415],
    );
  });

  it('refuses missing, unknown and repeated fields with 400', async () => {
    for (const f of ['title', 'message', 'hostel']) {
      const fields: Record<string, string> = valid();
      delete fields[f];
      await post(`missing ${f}`, fields, undefined, 400);
    }
    await post('unknown field', { ...valid(), postedBy: '1' }, undefined, 400);
    const fd = await multipart(valid());
    // a second title part: FormData cannot repeat a key through an object, so splice one in
    const boundary = /boundary=(.*)$/.exec(fd.headers['content-type'])?.[1] ?? '';
    const extra = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nagain\r\n`;
    const payload = Buffer.concat([Buffer.from(extra), fd.payload.subarray(0)]);
    await send(
      'title twice',
      {
        method: 'POST',
        url: '/api/notifications',
        token: admin.token,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      400,
    );
  });

  it('answers hostile text in every field without a 5xx, storing nothing when refused', async () => {
    for (const field of ['title', 'message', 'hostel']) {
      for (const [label, value, expected] of HOSTILE) {
        // only the free-text fields take free text; the target must stay all or 1..13
        const exp = field === 'hostel' && expected === 'any' ? 400 : expected;
        await post(`${field} = ${label}`, { ...valid(), [field]: value }, undefined, exp);
      }
    }
  });

  it('refuses a 2 MiB body with 413', async () => {
    await post('2 MiB title', { ...valid(), title: 't'.repeat(2 * 1024 * 1024) }, undefined, 413);
  });

  it('refuses a text file named .pdf with 415', async () => {
    await post(
      'text as pdf',
      valid(),
      { name: 'notes.pdf', data: Buffer.from('just some text, not a PDF') },
      415,
    );
    await post(
      'html as pdf',
      valid(),
      { name: 'x.pdf', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
      415,
    );
  });

  it('refuses an 11 MiB PDF with 413', async () => {
    const big = Buffer.concat([SMALL_PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    await post('11 MiB PDF', valid(), { name: 'big.pdf', data: big }, 413);
  });

  it('refuses a file in a field other than pdf, and a second file, with a 4xx', async () => {
    await post('file field', valid(), { name: 'a.pdf', data: SMALL_PDF, field: 'file' }, 400);
    const fd = new FormData();
    for (const [k, v] of Object.entries(valid())) fd.append(k, v);
    fd.append('pdf', new Blob([SMALL_PDF], { type: 'application/pdf' }), 'a.pdf');
    fd.append('pdf', new Blob([SMALL_PDF], { type: 'application/pdf' }), 'b.pdf');
    const r = new Response(fd);
    await send(
      'two files',
      {
        method: 'POST',
        url: '/api/notifications',
        token: admin.token,
        payload: Buffer.from(await r.arrayBuffer()),
        headers: { 'content-type': r.headers.get('content-type') ?? '' },
      },
      [400, 413],
    );
  });

  it('accepts a PDF named .txt by its bytes and stores it under a safe .pdf name', async () => {
    for (const [name, expected] of [
      ['minutes.txt', 'minutes.txt.pdf'],
      ['../../etc/passwd', 'passwd.pdf'],
      ['..\\..\\boot.ini', 'boot.ini.pdf'],
      ['ab\u0000c.pdf', 'abc.pdf'],
    ] as const) {
      const res = await post(
        `pdf named ${name}`,
        valid(),
        { name, data: SMALL_PDF, type: 'text/plain' },
        201,
      );
      expect(res.body.data.pdfName).toBe(expected);
      const file = await t.app.inject({ method: 'GET', url: res.body.data.pdfUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(String(file.headers['content-disposition'])).toBe(`inline; filename="${expected}"`);
      expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Free text is stored exactly and returned as text
// ---------------------------------------------------------------------------------------------

describe('free text', () => {
  it.each(Object.entries(LEGIT_TEXT))(
    'stores %s exactly in a complaint, its remarks and its feedback, and returns it unchanged as JSON text',
    async (_label, text) => {
      const filed = await fileComplaint(text);
      await resolve(filed.id, text);
      const fb = await t.request({
        method: 'POST',
        url: '/api/feedback',
        token: student.token,
        payload: { complaintId: filed.id, rating: 3, comments: text },
      });
      expect(fb.status).toBe(201);
      expect(fb.body.data.comments).toBe(text);

      const got = await t.request({
        method: 'GET',
        url: `/api/complaints/${filed.token}`,
        token: student.token,
      });
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toMatch(/^application\/json/);
      expect(got.body.data.description).toBe(text);
      expect(got.body.data.remarks).toBe(text);
      expect(got.body.data.history.at(-1).remarks).toBe(text);

      const list = await t.request({ method: 'GET', url: '/api/feedback?pageSize=100', token: admin.token });
      expect(
        list.body.data.find((f: { complaint: { id: number } }) => f.complaint.id === filed.id)?.comments,
      ).toBe(text);
      // the DROP TABLE fragment did nothing: the table is there and counts the new complaint
      const mine = await t.request({
        method: 'GET',
        url: '/api/complaints/student?pageSize=100',
        token: student.token,
      });
      expect(mine.body.data.some((c: { token: string }) => c.token === filed.token)).toBe(true);
    },
  );

  it.each(Object.entries(LEGIT_TEXT))(
    'stores %s exactly in a notice title and message',
    async (_label, text) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/notifications',
        token: admin.token,
        ...(await multipart({ title: text, message: text, hostel: '5' })),
      });
      expect(res.status).toBe(201);
      const list = await t.request({ method: 'GET', url: '/api/notifications/5?pageSize=100' });
      const n = list.body.data.find((x: { id: number }) => x.id === res.body.data.id);
      expect(n).toMatchObject({ title: text, message: text });
    },
  );

  it('keeps the notice with a PDF intact', async () => {
    const file = await t.app.inject({ method: 'GET', url: `/api/notifications/${noticeId}/pdf` });
    expect(file.statusCode).toBe(200);
  });
});
