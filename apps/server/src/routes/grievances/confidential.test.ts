/**
 * CONTRACT 7.3: ragging and sexual harassment seen by their committee and their student only; an
 * anonymous report of ragging "Anonymous" to everyone but its student; every opening by a member
 * traced; mails and pushes by number, status and link; ragging urgent until a member acts. The proof
 * that no route leaks a confidential case is test/security/confidential-leak.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Database, openDatabase } from '../../db/database';
import { manualClock } from '../../lib/clock';
import { createSession } from '../../services/accounts/sessions';
import { raggingReminders } from '../../services/grievances/urgent';
import { runDueJobs } from '../../services/oversight/scheduler';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Built;
let student: Built;
let other: Built;
let sgrcChair: Built;
let ombud: Built;
let raggingChair: Built;
let raggingMember: Built;
let icc: Built;
let warden: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  student = await buildStudent(t, { name: 'Tanvi Kulkarni', roll_no: 'BTECH/77001/24' });
  other = await buildStudent(t);
  sgrcChair = await buildAuthority(t, 'Other');
  ombud = await buildAuthority(t, 'Other');
  raggingChair = await buildAuthority(t, 'Other');
  raggingMember = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  icc = await buildAuthority(t, 'Other');
  warden = await buildAuthority(t, 'Warden', { hostelNo: 1 });
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
  await seat('sgrc', [{ userId: sgrcChair.id, chair: true }]);
  await seat('ombudsperson', [{ userId: ombud.id, chair: true }]);
  await seat('anti-ragging', [
    { userId: raggingChair.id, chair: true },
    { userId: raggingMember.id, chair: false },
  ]);
  await seat('icc', [{ userId: icc.id, chair: true }]);
});
afterAll(async () => t.close());

const everyone = () => [admin, student, other, sgrcChair, ombud, raggingChair, raggingMember, icc, warden];

/** Moves the clock, and gives everyone a new session (a session lasts 12 hours). */
async function moveClockTo(ms: number) {
  t.clock.set(ms);
  for (const u of everyone()) u.token = (await createSession(t.ctx, u.id, false)).token;
}

const submit = (payload: object, by: Built = student) =>
  t.request({ method: 'POST', url: '/api/grievances', token: by.token, payload });
const get = (id: number, by: Built | null) =>
  t.request({ method: 'GET', url: `/api/grievances/${id}`, token: by?.token });
const act = (id: number, path: string, by: Built | null, payload?: object, method: 'POST' | 'PUT' = 'POST') =>
  t.request({
    method,
    url: `/api/grievances/${id}/${path}`,
    token: by?.token,
    ...(payload ? { payload } : {}),
  });
const mailsTo = (email: string) =>
  t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', email)
    .orderBy('id')
    .execute();
const auditOf = (action: string) =>
  t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const ragging = (over: object = {}) => ({
  category: 'Ragging',
  subject: 'Seniors in block C at night',
  description: 'Seniors of block C made first-years stand in the corridor every night this week.',
  ...over,
});
const harassment = {
  category: 'Sexual harassment',
  subject: 'Remarks in the laboratory',
  description: 'A lab assistant makes remarks about my clothes during every practical session.',
};
const decision = { outcome: 'Upheld', text: 'The committee found the report true and acted on it.' };

describe('who sees a confidential grievance (CONTRACT 7.3)', () => {
  let harassmentId: number;
  let raggingId: number;
  beforeAll(async () => {
    harassmentId = (await submit(harassment)).body.data.id;
    raggingId = (await submit(ragging())).body.data.id;
  });

  it('answers 404 to admins, wardens, the SGRC, the Ombudsperson and the other committee, on the grievance and every step', async () => {
    const cases: [number, Built[]][] = [
      [harassmentId, [admin, warden, sgrcChair, ombud, raggingChair, other]],
      [raggingId, [admin, warden, sgrcChair, ombud, icc, other]],
    ];
    for (const [id, outsiders] of cases)
      for (const who of outsiders) {
        expect((await get(id, who)).status).toBe(404);
        expect((await act(id, 'messages', who, { body: 'Is anyone reading this?' })).status).toBe(404);
        expect(
          (await act(id, 'hearing', who, { at: new Date(t.clock.now() + DAY).toISOString(), place: 'Hall' }))
            .status,
        ).toBe(404);
        expect((await act(id, 'decision', who, decision)).status).toBe(404);
        expect((await act(id, 'withdraw', who)).status).toBe(404);
        expect((await act(id, 'appeal-decision', who, decision)).status).toBe(404);
      }
    expect((await get(harassmentId, icc)).status).toBe(200);
    expect((await get(harassmentId, student)).status).toBe(200);
    expect((await get(raggingId, raggingMember)).status).toBe(200);
  });

  it('keeps them out of every other list and search: the SGRC, the Ombudsperson and the other committee', async () => {
    for (const [who, hidden] of [
      [sgrcChair, [harassmentId, raggingId]],
      [ombud, [harassmentId, raggingId]],
      [icc, [raggingId]],
      [raggingChair, [harassmentId]],
    ] as const) {
      for (const query of [
        '',
        '?q=laboratory',
        '?q=corridor',
        '?category=Ragging',
        '?category=Sexual%20harassment',
      ]) {
        const res = await t.request({ method: 'GET', url: `/api/grievances${query}`, token: who.token });
        expect(res.status).toBe(200);
        for (const id of hidden) expect(res.body.data.map((g: { id: number }) => g.id)).not.toContain(id);
      }
    }
    // admins and authorities on no committee have no list at all
    for (const who of [admin, warden])
      expect((await t.request({ method: 'GET', url: '/api/grievances', token: who.token })).status).toBe(403);
    const own = await t.request({ method: 'GET', url: '/api/grievances?q=laboratory', token: icc.token });
    expect(own.body.data.map((g: { id: number }) => g.id)).toEqual([harassmentId]);
  });

  it('writes grievance.view, the grievance as target and nothing of it, each time a member opens one, in the same request', async () => {
    const before = (await auditOf('grievance.view')).length;
    expect((await get(harassmentId, icc)).status).toBe(200);
    expect((await get(harassmentId, icc)).status).toBe(200);
    expect((await get(raggingId, raggingMember)).status).toBe(200);
    const entries = (await auditOf('grievance.view')).slice(before);
    expect(entries.map((e) => [Number(e.actor_id), e.target_type, e.target_id])).toEqual([
      [icc.id, 'grievance', String(harassmentId)],
      [icc.id, 'grievance', String(harassmentId)],
      [raggingMember.id, 'grievance', String(raggingId)],
    ]);
    // the admin reads who opened which grievance, and no more of it
    const log = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=grievance.view',
      token: admin.token,
    });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      action: 'grievance.view',
      actor: { id: raggingMember.id },
      target: { type: 'grievance', id: String(raggingId) },
    });
    const text = JSON.stringify(log.body);
    for (const secret of ['laboratory', 'corridor', 'block C', 'Tanvi', '77001'])
      expect(text).not.toContain(secret);
  });

  it('writes no grievance.view for the student opening their own, for a refused opening, nor for an SGRC grievance', async () => {
    const before = (await auditOf('grievance.view')).length;
    expect((await get(harassmentId, student)).status).toBe(200);
    expect((await get(harassmentId, admin)).status).toBe(404);
    const sgrc = await submit({
      category: 'Scholarship',
      subject: 'Scholarship not paid',
      description: 'The merit scholarship for the last semester has not been paid yet.',
    });
    expect((await get(sgrc.body.data.id, sgrcChair)).status).toBe(200);
    expect((await auditOf('grievance.view')).length).toBe(before);
  });
});

describe('an anonymous report of ragging (CONTRACT 7.3)', () => {
  it('shows "Anonymous" to the committee in answers, lists, history and messages, and the student themselves', async () => {
    const res = await submit(ragging({ anonymous: true }));
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.body.data.student).toEqual({ name: 'Tanvi Kulkarni', rollNo: 'BTECH/77001/24' });
    await act(id, 'messages', student, { body: 'They threatened me again after dinner.' });
    const reply = await act(id, 'messages', raggingChair, { body: 'We will meet you in confidence.' });
    expect(reply.status).toBe(201);
    const hearing = await act(id, 'hearing', raggingChair, {
      at: new Date(t.clock.now() + 2 * DAY).toISOString(),
      place: 'Dean office',
    });
    expect(hearing.body.data.student).toBeNull();
    const seen = await get(id, raggingMember);
    expect(seen.body.data.student).toBeNull();
    expect(seen.body.data.history[0].by.name).toBe('Anonymous');
    expect(seen.body.data.messages.map((m: { by: { name: string } }) => m.by.name)).toEqual([
      'Anonymous',
      raggingChair.user.name,
    ]);
    const listed = await t.request({
      method: 'GET',
      url: '/api/grievances?q=Tanvi',
      token: raggingChair.token,
    });
    expect(listed.body.data).toEqual([]);
    const all = await t.request({ method: 'GET', url: '/api/grievances', token: raggingChair.token });
    expect(all.body.data.find((g: { id: number }) => g.id === id).student).toBeNull();
    const entry = all.body.data.find((g: { id: number }) => g.id === id);
    for (const body of [JSON.stringify(seen.body), JSON.stringify(entry), JSON.stringify(hearing.body)]) {
      expect(body).not.toContain('Tanvi');
      expect(body).not.toContain('77001');
    }
    // the student follows it as anyone else, and is told
    const own = await get(id, student);
    expect(own.body.data.student.name).toBe('Tanvi Kulkarni');
    expect(own.body.data.messages[1].by.name).toBe(raggingChair.user.name);
    const told = (await mailsTo(student.email)).filter((m) => m.subject.includes(res.body.data.number));
    expect(told.map((m) => m.subject)).toEqual([
      expect.stringContaining('Submitted'),
      expect.stringContaining('Hearing scheduled'),
    ]);
    // the committee's mails name no one but the one they are sent to
    for (const who of [raggingChair, raggingMember])
      for (const m of await mailsTo(who.email)) {
        expect(`${m.subject} ${m.text_body} ${m.html_body}`).not.toContain('Tanvi');
        expect(`${m.subject} ${m.text_body} ${m.html_body}`).not.toContain('77001');
      }
  });
});

describe('mails and pushes about any grievance (CONTRACT 7.3: lock screens)', () => {
  it('give the number, the new status and the link, never the subject, description, messages, decision or another name', async () => {
    const s = await buildStudent(t, { name: 'Ishaan Bhattacharjee', roll_no: 'BTECH/77002/24' });
    // everyone subscribed in one browser, so that each event queues a push too
    for (const u of [s, sgrcChair, ombud]) {
      const session = await t.ctx.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', u.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await t.ctx.database.db
        .insertInto('push_subscriptions')
        .values({
          user_id: u.id,
          session_id: Number(session.id),
          endpoint: `https://push.example.org/${u.id}`,
          p256dh: 'BP',
          auth: 'au',
          created_at: t.clock.now(),
        })
        .execute();
    }
    const fromMail =
      (
        await t.ctx.database.db
          .selectFrom('mail_outbox')
          .select('id')
          .orderBy('id', 'desc')
          .executeTakeFirst()
      )?.id ?? 0;
    const fromPush =
      (
        await t.ctx.database.db
          .selectFrom('push_outbox')
          .select('id')
          .orderBy('id', 'desc')
          .executeTakeFirst()
      )?.id ?? 0;
    const g = (
      await submit(
        {
          category: 'Fees and refunds',
          subject: 'Hostelfee overcharge Marigoldwords',
          description: 'I was charged twice for the hostel fee; Saffronquill receipts attached.',
        },
        s,
      )
    ).body.data;
    await act(g.id, 'messages', s, { body: 'Any news Cobaltheron?' });
    await act(g.id, 'messages', sgrcChair, { body: 'Bring the Larkspurledger receipts.' });
    await act(g.id, 'hearing', sgrcChair, {
      at: new Date(t.clock.now() + 3 * DAY).toISOString(),
      place: 'Room 4',
    });
    await act(g.id, 'representative', s, { name: 'Quentin Featherstonehaugh' }, 'PUT');
    await act(g.id, 'decision', sgrcChair, {
      outcome: 'Not upheld',
      text: 'Verbenaruling: the fee was charged once.',
    });
    await act(g.id, 'appeal', s, {
      reason: 'The Tamarindappeal receipts show two charges on the statement.',
    });
    await act(g.id, 'appeal-decision', ombud, {
      outcome: 'Upheld',
      text: 'Juniperfinal: refund the second charge.',
    });
    const mails = await t.ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '>', fromMail)
      .execute();
    const pushes = await t.ctx.database.db
      .selectFrom('push_outbox')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
      .select(['push_outbox.title', 'push_outbox.body', 'push_outbox.url', 'push_subscriptions.user_id'])
      .where('push_outbox.id', '>', fromPush)
      .execute();
    expect(mails.length).toBeGreaterThanOrEqual(8);
    expect(pushes.length).toBeGreaterThanOrEqual(8);
    const words = [
      'Marigoldwords',
      'Hostelfee',
      'Saffronquill',
      'Cobaltheron',
      'Larkspurledger',
      'Quentin',
      'Featherstonehaugh',
      'Verbenaruling',
      'Tamarindappeal',
      'Juniperfinal',
    ];
    const people = [s, sgrcChair, ombud];
    for (const m of mails) {
      const text = `${m.subject}\n${m.text_body}\n${m.html_body}`;
      expect(text).toContain(g.number);
      expect(text).toContain(`/grievances/${g.id}`);
      for (const w of words) expect(text, m.subject).not.toContain(w);
      for (const p of people) if (p.email !== m.to_addr) expect(text, m.subject).not.toContain(p.user.name);
      expect(text).not.toContain('77002');
    }
    for (const p of pushes) {
      const text = `${p.title}\n${p.body}\n${p.url}`;
      expect(text).toContain(g.number);
      for (const w of words) expect(text).not.toContain(w);
      for (const person of people) expect(text).not.toContain(person.user.name);
    }
    // each status reached the student's lock screen: number, new status, link
    const toStudent = pushes.filter((p) => Number(p.user_id) === s.id).map((p) => p.title);
    for (const status of ['Submitted', 'Hearing scheduled', 'Decided', 'Appeal decided'])
      expect(toStudent).toContain(`Grievance ${g.number}: ${status}`);
  });
});

describe('a report of ragging is urgent (CONTRACT 7.3)', () => {
  let second: Database;
  beforeAll(async () => {
    // a second instance: its own connection to the same database
    second = openDatabase(
      t.db.url ? { databaseUrl: t.db.url, dataDir: t.db.dataDir } : { dataDir: t.db.dataDir },
    );
  });
  afterAll(async () => second.close());

  const runAt = (ms: number, database: Database = t.ctx.database) =>
    runDueJobs({ ...t.ctx, database, clock: manualClock(ms) }, [raggingReminders]);
  const about = async (who: Built, number: string) =>
    (await mailsTo(who.email)).filter((m) => m.subject.includes(number)).length;

  it('tells the committee at once and every 24 hours until a member acts, and the admin its number from the 24th hour, once across instances', async () => {
    await moveClockTo(Date.UTC(2026, 2, 2, 4, 10));
    const start = t.clock.now();
    const waiting = (await submit(ragging({ anonymous: true }))).body.data;
    const answered = (await submit(ragging())).body.data;
    const heard = (await submit(ragging())).body.data;
    for (const who of [raggingChair, raggingMember]) expect(await about(who, waiting.number)).toBe(1);
    expect((await mailsTo(raggingChair.email)).at(-1)!.text_body).toContain('urgent');
    expect(await about(admin, waiting.number)).toBe(0);

    // an hour before the day is out: nothing more
    await runAt(start + 23 * HOUR);
    expect(await about(raggingChair, waiting.number)).toBe(1);
    // a member acts on two of them: a message, a hearing
    await moveClockTo(start + 23 * HOUR + 5 * 60_000);
    expect(
      (await act(answered.id, 'messages', raggingMember, { body: 'We have seen it; we will call you.' }))
        .status,
    ).toBe(201);
    const at = new Date(t.clock.now() + DAY).toISOString();
    expect((await act(heard.id, 'hearing', raggingChair, { at, place: 'Dean office' })).status).toBe(200);

    // the 24th hour, reached by two instances at once, twice: told once
    const outcomes = await Promise.all([
      runAt(start + 24 * HOUR + 60_000),
      runAt(start + 24 * HOUR + 60_000, second),
      runAt(start + 24 * HOUR + 2 * 60_000),
      runAt(start + 24 * HOUR + 2 * 60_000, second),
    ]);
    expect(outcomes.flat().filter((o) => o.ran)).toHaveLength(1);
    for (const who of [raggingChair, raggingMember]) expect(await about(who, waiting.number)).toBe(2);
    expect(await about(admin, waiting.number)).toBe(1);
    for (const g of [answered, heard]) {
      expect(await about(raggingChair, g.number)).toBe(1);
      expect(await about(admin, g.number)).toBe(0);
    }
    const toAdmin = (await mailsTo(admin.email)).at(-1)!;
    expect(toAdmin.subject).toContain(waiting.number);
    expect(`${toAdmin.text_body}${toAdmin.html_body}`).not.toMatch(/block C|corridor|Tanvi|77001/);
    // no other committee is told
    expect(await about(icc, waiting.number)).toBe(0);
    expect(await about(sgrcChair, waiting.number)).toBe(0);

    // the next hours tell nothing; the 48th hour tells again
    await runAt(start + 25 * HOUR);
    await runAt(start + 47 * HOUR);
    expect(await about(raggingChair, waiting.number)).toBe(2);
    await runAt(start + 48 * HOUR);
    expect(await about(raggingChair, waiting.number)).toBe(3);
    expect(await about(admin, waiting.number)).toBe(2);

    // servers down from the 49th hour to the 97th: told once on their return, not for each day missed
    await runAt(start + 97 * HOUR);
    expect(await about(raggingChair, waiting.number)).toBe(4);
    expect(await about(admin, waiting.number)).toBe(3);

    // a member's message ends the reminders
    await moveClockTo(start + 98 * HOUR);
    expect(
      (await act(waiting.id, 'messages', raggingChair, { body: 'We are looking into this now.' })).status,
    ).toBe(201);
    await runAt(start + 120 * HOUR);
    expect(await about(raggingMember, waiting.number)).toBe(4);
    expect(await about(admin, waiting.number)).toBe(3);
  });

  it('tells nothing of a report its student withdrew, nor of a Sexual harassment grievance', async () => {
    await moveClockTo(Date.UTC(2026, 3, 6, 4, 10));
    const start = t.clock.now();
    const withdrawn = (await submit(ragging())).body.data;
    expect((await act(withdrawn.id, 'withdraw', student)).status).toBe(200);
    const icCase = (await submit(harassment)).body.data;
    await runAt(start + 24 * HOUR);
    expect(await about(raggingChair, withdrawn.number)).toBe(2); // its submission, its withdrawal
    expect(await about(admin, withdrawn.number)).toBe(0);
    expect(await about(icc, icCase.number)).toBe(1);
    expect(await about(admin, icCase.number)).toBe(0);
  });
});
