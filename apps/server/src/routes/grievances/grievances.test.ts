import { MSG_GRIEVANCE } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createSession } from '../../services/accounts/sessions';
import { workingDeadline } from '../../services/grievances/calendar';
import { overdueEscalation } from '../../services/oversight/escalation';
import { runDueJobs } from '../../services/oversight/scheduler';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: Built;
let student: Built;
let other: Built;
let chair: Built;
let member: Built;
let ombud: Built;
let ragging: Built;
let icc: Built;
let outsider: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  student = await buildStudent(t, { name: 'Riya Sen' });
  other = await buildStudent(t);
  chair = await buildAuthority(t, 'Other', { name: 'Chair Person' });
  member = await buildAuthority(t, 'Warden', { hostelNo: 3 });
  ombud = await buildAuthority(t, 'Other', { name: 'Om Buds' });
  ragging = await buildAuthority(t, 'Other');
  icc = await buildAuthority(t, 'Other');
  outsider = await buildAuthority(t, 'Other');
  const seat = async (committee: string, members: { userId: number; chair: boolean }[]) =>
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/committees/${committee}`,
          token: admin.token,
          payload: { members },
        })
      ).status,
    ).toBe(200);
  await seat('sgrc', [
    { userId: chair.id, chair: true },
    { userId: member.id, chair: false },
  ]);
  await seat('ombudsperson', [{ userId: ombud.id, chair: true }]);
  await seat('anti-ragging', [{ userId: ragging.id, chair: true }]);
  await seat('icc', [{ userId: icc.id, chair: true }]);
});
afterAll(async () => t.close());

/** Moves the clock, and gives everyone a new session (a session lasts 12 hours). */
async function moveClockTo(ms: number) {
  t.clock.set(ms);
  for (const u of [admin, student, other, chair, member, ombud, ragging, icc, outsider])
    u.token = (await createSession(t.ctx, u.id, false)).token;
}

/** Each part of the suite submits as new students: each may submit 5 grievances a day. */
async function freshStudents() {
  student = await buildStudent(t, { name: 'Riya Sen' });
  other = await buildStudent(t);
}

const submit = (payload: object, by: Built | null = student) =>
  t.request({ method: 'POST', url: '/api/grievances', token: by?.token, payload });
const get = (id: number, by: Built | null) =>
  t.request({ method: 'GET', url: `/api/grievances/${id}`, token: by?.token });
const list = (query: string, by: Built | null) =>
  t.request({ method: 'GET', url: `/api/grievances${query}`, token: by?.token });
const act = (id: number, path: string, by: Built | null, payload?: object, method: 'POST' | 'PUT' = 'POST') =>
  t.request({
    method,
    url: `/api/grievances/${id}/${path}`,
    token: by?.token,
    ...(payload ? { payload } : {}),
  });

const grievance = (over: object = {}) => ({
  category: 'Examination and results',
  subject: 'Marks not updated',
  description: 'My end-semester marks for Physics were never updated on the portal.',
  ...over,
});
const decision = { outcome: 'Partly upheld', text: 'The marks are corrected; the fee is not refunded.' };
const later = (days: number) => new Date(t.clock.now() + days * DAY).toISOString();
const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.[0]?.field;
const mailsTo = (email: string) =>
  t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', email)
    .orderBy('id')
    .execute();

/** A complaint of the student's, straight into the table, as the filing would write it. */
async function complaintOf(by: Built, values: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: by.token,
    payload: { type: 'College', subType: 'Library', description: 'The library closes early on weekdays.' },
  });
  expect(res.status).toBe(201);
  if (Object.keys(values).length === 0) return res.body.token as string;
  await t.ctx.database.db.updateTable('complaints').set(values).where('token', '=', res.body.token).execute();
  return res.body.token as string;
}

describe('submitting a grievance (CONTRACT 7.2)', () => {
  beforeAll(freshStudents);
  it('answers 201 with the Grievance: Submitted, numbered in order within the year, due 15 working days later', async () => {
    const now = t.clock.now();
    const res = await submit(grievance());
    expect(res.status).toBe(201);
    const g = res.body.data;
    expect(g).toMatchObject({
      number: 'GRV-2026-000001',
      category: 'Examination and results',
      committee: 'sgrc',
      status: 'Submitted',
      anonymous: false,
      student: { name: 'Riya Sen', rollNo: student.user.rollNo },
      complaint: null,
      hearing: null,
      decision: null,
      appeal: null,
      appealDecision: null,
    });
    expect(g.dueAt).toBe(new Date(await workingDeadline(t.ctx, now, 15)).toISOString());
    // Thursday 15 January 2026: the 15th working day after is Thursday 5 February, its end in IST
    expect(g.dueAt).toBe('2026-02-05T18:29:59.000Z');
    expect(g.history).toEqual([
      { status: 'Submitted', note: null, by: { name: 'Riya Sen', designation: null }, at: g.createdAt },
    ]);
    expect(g.messages).toEqual([]);
    const second = await submit(grievance({ category: 'Scholarship' }), other);
    expect(second.body.data.number).toBe('GRV-2026-000002');
  });

  it('sends each category to its committee', async () => {
    expect((await submit(grievance({ category: 'Ragging' }), other)).body.data.committee).toBe(
      'anti-ragging',
    );
    expect((await submit(grievance({ category: 'Sexual harassment' }), other)).body.data.committee).toBe(
      'icc',
    );
    expect((await submit(grievance({ category: 'Fees and refunds' }), other)).body.data.committee).toBe(
      'sgrc',
    );
  });

  it("tells the committee's members by the grievance's number, status and link only", async () => {
    const res = await submit(
      grievance({
        subject: 'Secret subject words',
        description: 'A description nobody outside may read, ever.',
      }),
      other,
    );
    const number = res.body.data.number;
    for (const who of [chair, member]) {
      const mail = (await mailsTo(who.email)).at(-1)!;
      expect(mail.subject).toContain(number);
      expect(mail.subject).toContain('Submitted');
      expect(mail.text_body).toContain(`/grievances/${res.body.data.id}`);
      for (const secret of ['Secret subject', 'nobody outside', other.user.name]) {
        expect(mail.text_body).not.toContain(secret);
        expect(mail.subject).not.toContain(secret);
      }
    }
    // the ragging committee hears nothing of an SGRC grievance
    expect((await mailsTo(ragging.email)).every((m) => !m.subject.includes(number))).toBe(true);
  });

  it('refuses a short subject, a bad category and a control character with 400 naming the field', async () => {
    expect(fieldOf((await submit(grievance({ subject: 'Hi' }))).body)).toBe('subject');
    expect(fieldOf((await submit(grievance({ category: 'Hostel food' }))).body)).toBe('category');
    expect(fieldOf((await submit(grievance({ description: 'short' }))).body)).toBe('description');
  });

  it('takes anonymity only for Ragging (400 otherwise), and hides the student from the committee alone', async () => {
    const refused = await submit(grievance({ anonymous: true }));
    expect(refused.status).toBe(400);
    expect(fieldOf(refused.body)).toBe('anonymous');
    const res = await submit(grievance({ category: 'Ragging', anonymous: true }));
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.body.data.student).toEqual({ name: 'Riya Sen', rollNo: student.user.rollNo });
    const seen = await get(id, ragging);
    expect(seen.status).toBe(200);
    expect(seen.body.data.student).toBeNull();
    expect(seen.body.data.history[0].by.name).toBe('Anonymous');
    await act(id, 'messages', student, { body: 'They came again last night.' });
    expect((await get(id, ragging)).body.data.messages[0].by.name).toBe('Anonymous');
    expect((await get(id, student)).body.data.messages[0].by.name).toBe('Riya Sen');
    expect((await list('', ragging)).body.data.find((g: { id: number }) => g.id === id).student).toBeNull();
  });
});

describe('a complaint not resolved (CONTRACT 7.2)', () => {
  beforeAll(freshStudents);
  it('requires complaintToken for Complaint not resolved and refuses it otherwise, with 400 naming it', async () => {
    const missing = await submit(grievance({ category: 'Complaint not resolved' }));
    expect(missing.status).toBe(400);
    expect(fieldOf(missing.body)).toBe('complaintToken');
    const token = await complaintOf(student, {});
    const extra = await submit(grievance({ complaintToken: token }));
    expect(extra.status).toBe(400);
    expect(fieldOf(extra.body)).toBe('complaintToken');
  });

  it("takes the student's own complaint Resolved or Rejected within 15 days, and one grievance a complaint (409)", async () => {
    const token = await complaintOf(student, {
      status: 'Rejected',
      closed_at: t.clock.now() - 3 * DAY,
      updated_at: t.clock.now() - 3 * DAY,
    });
    const res = await submit(grievance({ category: 'Complaint not resolved', complaintToken: token }));
    expect(res.status).toBe(201);
    expect(res.body.data.complaint).toEqual({ token, status: 'Rejected' });
    const again = await submit(grievance({ category: 'Complaint not resolved', complaintToken: token }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG_GRIEVANCE.complaintTaken);
  });

  it('takes an overdue complaint', async () => {
    const token = await complaintOf(student, { due_at: t.clock.now() - 1000 });
    expect(
      (await submit(grievance({ category: 'Complaint not resolved', complaintToken: token }))).status,
    ).toBe(201);
  });

  it("refuses another student's complaint, one closed 16 days ago and one still on time, with 400 naming it", async () => {
    const others = await complaintOf(other, { status: 'Resolved', closed_at: t.clock.now() - DAY });
    const old = await complaintOf(student, { status: 'Resolved', closed_at: t.clock.now() - 16 * DAY });
    const onTime = await complaintOf(student, {});
    for (const token of [others, old, onTime, 'CMP-NOSUCHTOKEN']) {
      const res = await submit(grievance({ category: 'Complaint not resolved', complaintToken: token }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_GRIEVANCE.complaintNotEligible);
      expect(fieldOf(res.body)).toBe('complaintToken');
    }
  });
});

describe('at most 5 grievances a student a day (CONTRACT 7.2)', () => {
  beforeAll(freshStudents);
  it('refuses the sixth of a day with 429 and Retry-After, and takes one again a day after the first', async () => {
    const s = await buildStudent(t);
    for (let i = 0; i < 5; i++) {
      expect((await submit(grievance(), s)).status).toBe(201);
      await moveClockTo(t.clock.now() + 60_000);
    }
    const before = (await list('', chair)).body.count;
    const sixth = await submit(grievance(), s);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(MSG_GRIEVANCE.quota);
    expect(Number(sixth.headers['retry-after'])).toBe(24 * 60 * 60 - 5 * 60);
    // nothing was written, and no number was spent
    expect((await list('', chair)).body.count).toBe(before);
    await moveClockTo(t.clock.now() + Number(sixth.headers['retry-after']) * 1000);
    s.token = (await createSession(t.ctx, s.id, false)).token;
    const next = await submit(grievance(), s);
    expect(next.status).toBe(201);
  });
});

describe('who sees a grievance (CONTRACT 7.2, 7.3: one policy)', () => {
  beforeAll(freshStudents);
  let id: number;
  beforeAll(async () => {
    id = (await submit(grievance())).body.data.id;
  });

  it("shows it to its student and its committee's members, and answers 404 to everyone else, admins included", async () => {
    expect((await get(id, student)).status).toBe(200);
    expect((await get(id, chair)).status).toBe(200);
    expect((await get(id, member)).status).toBe(200);
    for (const who of [admin, other, outsider, ragging, icc, ombud]) {
      const res = await get(id, who);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG_GRIEVANCE.notFound);
    }
    expect((await get(id, null)).status).toBe(401);
    expect((await get(999999, chair)).status).toBe(404);
  });

  it("lists a student's own and a committee's, and refuses the list to admins and authorities on no committee", async () => {
    const mine = (await list('', student)).body;
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((g: { student: { name: string } | null }) => g.student?.name === 'Riya Sen')).toBe(
      true,
    );
    const sgrc = (await list('?pageSize=100', chair)).body;
    expect(sgrc.data.every((g: { committee: string }) => g.committee === 'sgrc')).toBe(true);
    expect(sgrc.data.map((g: { id: number }) => g.id)).toContain(id);
    const rag = (await list('?pageSize=100', ragging)).body;
    expect(rag.data.every((g: { committee: string }) => g.committee === 'anti-ragging')).toBe(true);
    // the Ombudsperson sees no grievance until one is appealed
    expect((await list('', ombud)).body.count).toBe(0);
    expect((await list('', admin)).status).toBe(403);
    expect((await list('', outsider)).status).toBe(403);
  });

  it('answers every step by someone who may not see it with 404', async () => {
    for (const [path, payload] of [
      ['hearing', { at: later(3), place: 'Room 101' }],
      ['decision', decision],
      ['withdraw', undefined],
      ['messages', { body: 'hello' }],
    ] as const) {
      expect((await act(id, path, admin, payload)).status).toBe(404);
      expect((await act(id, path, outsider, payload)).status).toBe(404);
      expect((await act(id, path, other, payload)).status).toBe(404);
    }
  });
});

describe('a list as in CONTRACT 2, with its filters', () => {
  beforeAll(freshStudents);
  it('pages newest first and filters by status, category, overdue and q', async () => {
    const a = (
      await submit(grievance({ subject: 'Hostel fee refund delayed', category: 'Fees and refunds' }), other)
    ).body.data;
    const page = (await list('?pageSize=2', chair)).body;
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(2);
    expect(page.data).toHaveLength(2);
    expect(page.data[0].id).toBe(a.id);
    expect(page.count).toBeGreaterThan(2);
    const fees = (await list('?category=Fees%20and%20refunds&pageSize=100', chair)).body;
    expect(fees.data.every((g: { category: string }) => g.category === 'Fees and refunds')).toBe(true);
    expect(fees.count).toBe(fees.data.length);
    expect((await list('?q=refund%20DELAYED', chair)).body.data.map((g: { id: number }) => g.id)).toEqual([
      a.id,
    ]);
    expect((await list(`?q=${a.number}`, chair)).body.data.map((g: { id: number }) => g.id)).toEqual([a.id]);
    expect((await list('?q=100%25', chair)).body.count).toBe(0);
    expect((await list('?q=%25', chair)).body.count).toBe(0);
    expect((await list('?status=Decided', chair)).body.count).toBe(0);
    expect((await list('?status=Nonsense', chair)).status).toBe(400);
    expect((await list('?overdue=true', chair)).body.count).toBe(0);
  });
});

describe('hearing, decision, appeal (CONTRACT 7.2)', () => {
  beforeAll(freshStudents);
  let id: number;
  let number: string;
  beforeAll(async () => {
    const g = (await submit(grievance())).body.data;
    id = g.id;
    number = g.number;
  });

  it('schedules a hearing in the future (400 for a past one, 403 for the student) and tells the student when and where', async () => {
    expect(fieldOf((await act(id, 'hearing', member, { at: later(-1), place: 'Room 101' })).body)).toBe('at');
    const byStudent = await act(id, 'hearing', student, { at: later(3), place: 'Room 101' });
    expect(byStudent.status).toBe(403);
    const at = Date.UTC(2026, 0, 20, 6, 30);
    const res = await act(id, 'hearing', member, { at: new Date(at).toISOString(), place: 'Senate Hall' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG_GRIEVANCE.hearingScheduled);
    expect(res.body.data.status).toBe('Hearing scheduled');
    expect(res.body.data.hearing).toEqual({
      at: new Date(at).toISOString(),
      place: 'Senate Hall',
      representative: null,
    });
    const mail = (await mailsTo(student.email)).at(-1)!;
    expect(mail.subject).toContain(number);
    expect(mail.text_body).toContain('20 Jan 2026, 12:00');
    expect(mail.text_body).toContain('Senate Hall');
    expect(mail.text_body).not.toContain('Marks not updated');
  });

  it('lets the student, and only the student, name a representative before the hearing', async () => {
    expect((await act(id, 'representative', member, { name: 'A friend' }, 'PUT')).status).toBe(403);
    const res = await act(id, 'representative', student, { name: 'Prof. Kumar' }, 'PUT');
    expect(res.status).toBe(200);
    expect(res.body.data.hearing.representative).toBe('Prof. Kumar');
    expect(res.body.data.history.at(-1)).toMatchObject({
      status: 'Hearing scheduled',
      note: 'Representative: Prof. Kumar',
    });
  });

  it('refuses a representative once the hearing has begun with 409', async () => {
    await moveClockTo(Date.UTC(2026, 0, 20, 7, 0));
    const res = await act(id, 'representative', student, { name: 'Too late' }, 'PUT');
    expect(res.status).toBe(409);
  });

  it('decides (403 for the student), tells the student without the decision, and refuses a second decision with 409', async () => {
    expect((await act(id, 'decision', student, decision)).status).toBe(403);
    expect(fieldOf((await act(id, 'decision', chair, { ...decision, outcome: 'Maybe' })).body)).toBe(
      'outcome',
    );
    const res = await act(id, 'decision', chair, decision);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('Decided');
    expect(res.body.data.decision).toMatchObject({
      outcome: 'Partly upheld',
      text: decision.text,
      by: { name: 'Chair Person', designation: 'Other' },
    });
    const mail = (await mailsTo(student.email)).at(-1)!;
    expect(mail.subject).toContain('Decided');
    expect(mail.text_body).not.toContain('corrected');
    expect(mail.text_body).not.toContain('Chair Person');
    expect((await act(id, 'decision', chair, decision)).status).toBe(409);
    expect((await act(id, 'hearing', chair, { at: later(2), place: 'Room 1' })).status).toBe(409);
    expect((await act(id, 'withdraw', student)).status).toBe(409);
    expect((await act(id, 'appeal-decision', ombud, decision)).status).toBe(404);
  });

  it('takes the appeal from the student only, due 30 days later, and shows it to the Ombudsperson', async () => {
    const reason = { reason: 'The committee did not consider the refund I asked for.' };
    expect((await act(id, 'appeal', chair, reason)).status).toBe(403);
    const res = await act(id, 'appeal', student, reason);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('Appealed');
    expect(res.body.data.appeal).toEqual({
      reason: reason.reason,
      at: new Date(t.clock.now()).toISOString(),
      dueAt: new Date(t.clock.now() + 30 * DAY).toISOString(),
    });
    expect((await act(id, 'appeal', student, reason)).status).toBe(409);
    const seen = await get(id, ombud);
    expect(seen.status).toBe(200);
    expect(seen.body.data.history.map((h: { status: string }) => h.status)).toEqual([
      'Submitted',
      'Hearing scheduled',
      'Hearing scheduled',
      'Decided',
      'Appealed',
    ]);
    expect((await list('', ombud)).body.data.map((g: { id: number }) => g.id)).toEqual([id]);
    expect((await mailsTo(ombud.email)).at(-1)!.subject).toContain(number);
  });

  it('lets only the Ombudsperson decide the appeal, finally', async () => {
    expect((await act(id, 'appeal-decision', chair, decision)).status).toBe(403);
    expect((await act(id, 'appeal-decision', student, decision)).status).toBe(403);
    const res = await act(id, 'appeal-decision', ombud, decision);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('Appeal decided');
    expect(res.body.data.appealDecision).toMatchObject({ outcome: 'Partly upheld', by: { name: 'Om Buds' } });
    expect((await act(id, 'appeal-decision', ombud, decision)).status).toBe(409);
    expect((await act(id, 'messages', student, { body: 'Thank you.' })).status).toBe(409);
  });
});

describe('the time to appeal, withdrawal and messages (CONTRACT 7.2)', () => {
  beforeAll(freshStudents);
  it('refuses an appeal after 15 days with 409 "The time to appeal has passed"', async () => {
    const id = (await submit(grievance())).body.data.id;
    await act(id, 'decision', chair, decision);
    await moveClockTo(t.clock.now() + 15 * DAY + 1000);
    const res = await act(id, 'appeal', student, { reason: 'I was away and could not appeal earlier.' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The time to appeal has passed');
  });

  it('refuses an appeal of a decision of another committee than the SGRC with 409', async () => {
    const id = (await submit(grievance({ category: 'Ragging' }))).body.data.id;
    await act(id, 'decision', ragging, decision);
    const res = await act(id, 'appeal', student, { reason: 'The committee did not hear my witnesses.' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG_GRIEVANCE.appealSgrcOnly);
  });

  it('lets the student withdraw before a decision (403 for the committee), after which no step is taken', async () => {
    const id = (await submit(grievance())).body.data.id;
    expect((await act(id, 'withdraw', chair)).status).toBe(403);
    const res = await act(id, 'withdraw', student);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('Withdrawn');
    expect(res.body.data.history.at(-1)).toMatchObject({ status: 'Withdrawn', by: { name: 'Riya Sen' } });
    expect((await act(id, 'decision', chair, decision)).status).toBe(409);
    expect((await act(id, 'messages', chair, { body: 'Noted.' })).status).toBe(409);
  });

  it('carries messages between the student and the committee, mailing the other side without the text', async () => {
    const id = (await submit(grievance())).body.data.id;
    const res = await act(id, 'messages', student, { body: 'I have the receipts now.' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      body: 'I have the receipts now.',
      by: { name: 'Riya Sen', role: 'student' },
    });
    const toChair = (await mailsTo(chair.email)).at(-1)!;
    expect(toChair.text_body).not.toContain('receipts');
    const reply = await act(id, 'messages', member, { body: 'Please bring them to the hearing.' });
    expect(reply.status).toBe(201);
    expect((await mailsTo(student.email)).at(-1)!.text_body).not.toContain('bring them');
    const page = (await get(id, student)).body.data;
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual([
      'I have the receipts now.',
      'Please bring them to the hearing.',
    ]);
    expect(fieldOf((await act(id, 'messages', student, { body: '   ' })).body)).toBe('body');
  });
});

describe('overdue grievances and the 09:00 escalation (CONTRACT 7.2)', () => {
  beforeAll(freshStudents);
  it('filters the overdue ones and mails each chair their numbers only, and the Ombudsperson the appeals past theirs', async () => {
    // a fresh start: every grievance so far decided or withdrawn is not overdue; the open ones are
    const open = await submit(grievance({ subject: 'Overdue subject line' }), other);
    const number = open.body.data.number;
    const appealed = (await submit(grievance(), other)).body.data.id;
    await act(appealed, 'decision', chair, decision);
    await act(appealed, 'appeal', other, { reason: 'The committee did not consider my evidence.' });
    // 40 days on, at 09:00 IST the next morning
    await moveClockTo(t.clock.now() + 40 * DAY);
    const overdue = (await list('?overdue=true&pageSize=100', chair)).body;
    expect(overdue.data.map((g: { number: string }) => g.number)).toContain(number);
    expect(
      overdue.data.every((g: { status: string }) =>
        ['Submitted', 'Hearing scheduled', 'Appealed'].includes(g.status),
      ),
    ).toBe(true);
    expect((await list('?overdue=true', ombud)).body.data.map((g: { id: number }) => g.id)).toEqual([
      appealed,
    ]);
    const { day } = { day: new Date(t.clock.now()).toISOString().slice(0, 10) };
    await moveClockTo(Date.parse(`${day}T03:30:00Z`) + DAY);
    await runDueJobs(t.ctx, [overdueEscalation]);
    const toChair = (await mailsTo(chair.email)).at(-1)!;
    expect(toChair.subject).toContain('past the time limit');
    expect(toChair.text_body).toContain(number);
    expect(toChair.text_body).not.toContain('Overdue subject line');
    expect(toChair.text_body).not.toContain(other.user.name);
    // the member who is not the chair gets no reminder
    expect((await mailsTo(member.email)).at(-1)!.subject).not.toContain('past the time limit');
    const toOmbud = (await mailsTo(ombud.email)).at(-1)!;
    expect(toOmbud.subject).toContain('past the time limit');
    expect(toOmbud.text_body).toContain((await get(appealed, other)).body.data.number);
    expect(toOmbud.text_body).not.toContain(number);
  });
});
