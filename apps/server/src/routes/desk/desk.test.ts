/** CONTRACT 7.5: filing at the desk, on SQLite and PostgreSQL (decision 0032). */
import { MSG, MSG_COMPLAINT, MSG_DESK } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce, expectRefused } from '../../../test/at-once';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let clerk: Built;
let admin: Built;
beforeAll(async () => {
  t = await createTestApp();
  clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 3, name: 'Ramesh Kumar' });
  admin = await buildAdmin(t, { name: 'Anita Rao' });
});
afterAll(async () => t.close());

const fan = (hostelNo = 3, i = 0) => ({
  type: 'Hostel',
  hostelNo,
  roomNo: '204',
  subType: 'Fan',
  description: `The fan in room 204 stopped turning (${i}).`,
});
const library = (i = 0) => ({
  type: 'College',
  subType: 'Library',
  description: `The library closed early (${i}).`,
});

const fileAtDesk = (who: Built | undefined, rollNo: string, filing: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/complaints/on-behalf',
    token: who?.token,
    payload: { rollNo, ...filing },
  });

const fileOwn = (student: Built, filing: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/complaints', token: student.token, payload: filing });

const lookUp = (who: Built | undefined, rollNo: string) =>
  t.request({
    method: 'GET',
    url: `/api/students/by-roll?rollNo=${encodeURIComponent(rollNo)}`,
    token: who?.token,
  });

const rows = async (table: 'complaints' | 'complaint_history' | 'mail_outbox') =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const mailsTo = (email: string) =>
  t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', email)
    .orderBy('id')
    .execute();

const complaintsOf = async (studentId: number) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('complaints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('student_id', '=', studentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const rollOf = (s: Built) => s.user.rollNo!;

describe('filing at the desk (CONTRACT 7.5)', () => {
  it("files a Hostel clerk's complaint of their hostel as the student's own, with the history line and the student's mail", async () => {
    const student = await buildStudent(t, { name: 'Asha Verma' });
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const res = await fileAtDesk(clerk, rollOf(student), fan());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { token, complaint } = res.body;
    expect(complaint).toMatchObject({
      token,
      type: 'Hostel',
      hostelNo: 3,
      roomNo: '204',
      status: 'Pending',
      student: { name: 'Asha Verma', rollNo: rollOf(student) },
    });

    // the student's own: in their list, and its page tells who filed it at the desk
    const list = await t.request({ method: 'GET', url: '/api/complaints/student', token: student.token });
    expect(list.body.data.map((c: { token: string }) => c.token)).toEqual([token]);
    const page = await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: student.token });
    expect(page.status).toBe(200);
    expect(page.body.data.history).toEqual([
      {
        status: 'Pending',
        remarks: 'Filed at the desk by Ramesh Kumar',
        by: { name: 'Asha Verma', designation: null },
        at: complaint.createdAt,
      },
    ]);

    // the student is mailed the token and the filing; the hostel's authorities hear of it as of any filing
    const [mail] = await mailsTo(student.email);
    expect(mail?.subject).toContain(token);
    expect(mail?.text_body).toContain(`Your token is ${token}`);
    expect(mail?.text_body).toContain('Ramesh Kumar filed a hostel complaint for you at the desk');
    expect(mail?.text_body).toContain('Hostel 3, room 204');
    expect(mail?.text_body).toContain('The fan in room 204 stopped turning (0).');
    expect(mail?.text_body).toContain(`/complaint-status?token=${token}`);
    expect((await mailsTo(warden.email)).map((m) => m.subject)).toEqual([expect.stringContaining(token)]);
    // the clerk is not "involved" in it: the student's messages still go to the hostel's authorities
    const history = await t.ctx.database.db
      .selectFrom('complaint_history')
      .select('by_id')
      .where('complaint_id', '=', complaint.id)
      .execute();
    expect(history.map((h) => Number(h.by_id))).toEqual([student.id]);
  });

  it('mails the student the token even when their mails are switched off', async () => {
    const student = await buildStudent(t);
    await t.ctx.database.db
      .updateTable('users')
      .set({ notify_email: 0 })
      .where('id', '=', student.id)
      .execute();
    const res = await fileAtDesk(clerk, rollOf(student), fan(3, 1));
    expect(res.status).toBe(201);
    expect((await mailsTo(student.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining(res.body.token),
    ]);
  });

  it('lets an admin file any complaint, a college one too', async () => {
    const student = await buildStudent(t);
    const college = await fileAtDesk(admin, rollOf(student), library());
    expect(college.status).toBe(201);
    const hostel = await fileAtDesk(admin, rollOf(student), fan(9));
    expect(hostel.status).toBe(201);
    const page = await t.request({
      method: 'GET',
      url: `/api/complaints/${college.body.token}`,
      token: student.token,
    });
    expect(page.body.data.history[0].remarks).toBe('Filed at the desk by Anita Rao');
    expect(await complaintsOf(student.id)).toBe(2);
  });

  it('refuses a clerk of another hostel, a college complaint by a clerk, and everyone but clerks and admins, writing nothing', async () => {
    const student = await buildStudent(t);
    const before = {
      complaints: await rows('complaints'),
      history: await rows('complaint_history'),
      mails: await rows('mail_outbox'),
    };

    const otherHostel = await fileAtDesk(clerk, rollOf(student), fan(4));
    expect(otherHostel.status).toBe(403);
    expect(otherHostel.body).toEqual({ message: MSG_DESK.notYourHostel });
    const college = await fileAtDesk(clerk, rollOf(student), library());
    expect(college.status).toBe(403);
    expect(college.body).toEqual({ message: MSG_DESK.notYourHostel });
    // refused before the roll number is looked up: a clerk learns nothing of it off their hostel
    expect((await fileAtDesk(clerk, 'NO/SUCH/ROLL', fan(4))).body).toEqual({
      message: MSG_DESK.notYourHostel,
    });

    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const other = await buildAuthority(t, 'Other');
    const unapproved = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 3, approved: false });
    for (const who of [warden, other, student]) {
      const res = await fileAtDesk(who, rollOf(student), fan());
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: MSG.forbidden });
    }
    const waiting = await fileAtDesk(unapproved, rollOf(student), fan());
    expect(waiting.status).toBe(403);
    expect(waiting.body).toEqual({ message: MSG_COMPLAINT.notApproved });
    expect((await fileAtDesk(undefined, rollOf(student), fan())).status).toBe(401);

    expect({
      complaints: await rows('complaints'),
      history: await rows('complaint_history'),
      mails: await rows('mail_outbox'),
    }).toEqual(before);
  });

  it('answers 404 with the contract message for an unknown roll number, and 400 for a missing one', async () => {
    const before = await rows('complaints');
    const unknown = await fileAtDesk(clerk, 'BTECH/99999/99', fan());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No student with this roll number' });
    // an authority's roll number is none: only a student is filed for
    await t.ctx.database.db
      .updateTable('users')
      .set({ roll_no: 'STAFF/1' })
      .where('id', '=', clerk.id)
      .execute();
    expect((await fileAtDesk(admin, 'STAFF/1', library())).status).toBe(404);
    const blank = await fileAtDesk(clerk, '   ', fan());
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MSG_DESK.rollRequired);
    const extra = await t.request({
      method: 'POST',
      url: '/api/complaints/on-behalf',
      token: clerk.token,
      payload: { rollNo: 'X', ...fan(), studentId: 1 },
    });
    expect(extra.status).toBe(400);
    expect(await rows('complaints')).toBe(before);
  });

  it("counts desk filings in the student's 20 a day, the student's own filings with them", async () => {
    const student = await buildStudent(t);
    for (let i = 0; i < 10; i++) expect((await fileOwn(student, library(i))).status).toBe(201);
    for (let i = 10; i < 20; i++)
      expect((await fileAtDesk(clerk, rollOf(student), fan(3, i))).status).toBe(201);
    const atDesk = await fileAtDesk(clerk, rollOf(student), fan(3, 20));
    expect(atDesk.status).toBe(429);
    expect(atDesk.body).toEqual({ message: MSG.complaintQuota });
    expect(Number(atDesk.headers['retry-after'])).toBe(24 * 60 * 60);
    expect((await fileOwn(student, library(21))).status).toBe(429);
    expect(await complaintsOf(student.id)).toBe(20);
  });

  it('holds the quota for desk and own filings sent at once (several connections on PostgreSQL)', async () => {
    const student = await buildStudent(t);
    const before = { history: await rows('complaint_history') };
    const burst = await atOnce(40, (i) =>
      i % 2 === 0
        ? fileAtDesk(i % 4 === 0 ? clerk : admin, rollOf(student), fan(3, i))
        : fileOwn(student, library(i)),
    );
    expect(burst.statuses).toEqual({ 201: 20, 429: 20 });
    // all 20 were filed at this very moment: the first of them turns a day old in 24 hours
    expectRefused(burst.with(429), MSG.complaintQuota, 24 * 60 * 60);
    expect(await complaintsOf(student.id)).toBe(20);
    expect(await rows('complaint_history')).toBe(before.history + 20);
    // every desk filing that was stored mailed its token to the student, and no refused one did
    const desk = burst.answers.filter((r, i) => i % 2 === 0 && r.status === 201).map((r) => r.body.token);
    const mailed = (await mailsTo(student.email)).map(
      (m) => /complaint (\S+) was filed at the desk/.exec(m.subject)?.[1],
    );
    expect(mailed.sort()).toEqual(desk.sort());
  });
});

describe('finding a student by roll number at the desk (CONTRACT 7.5)', () => {
  it('answers the name, roll number and hostel, and never an email or a mobile number', async () => {
    const student = await buildStudent(t, { name: 'Kiran Das', hostel_no: 7 });
    const res = await lookUp(clerk, rollOf(student));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { name: 'Kiran Das', rollNo: rollOf(student), hostelNo: 7 } });
    // a clerk looks up any student, of another hostel too; an admin as well
    expect((await lookUp(admin, rollOf(student))).body.data.name).toBe('Kiran Das');
    // typed in another case, with spaces around it
    expect((await lookUp(clerk, `  ${rollOf(student).toLowerCase()} `)).body.data.rollNo).toBe(
      rollOf(student),
    );
  });

  it('answers 404 with the contract message, and refuses everyone but approved clerks and admins', async () => {
    const unknown = await lookUp(clerk, 'NOBODY/1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No student with this roll number' });
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const unapproved = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 3, approved: false });
    for (const who of [warden, student]) expect((await lookUp(who, rollOf(student))).status).toBe(403);
    expect((await lookUp(unapproved, rollOf(student))).body).toEqual({ message: MSG_COMPLAINT.notApproved });
    expect((await lookUp(undefined, rollOf(student))).status).toBe(401);
  });

  it('answers 404 when two students differ only in case and neither is typed exactly', async () => {
    const a = await buildStudent(t, { roll_no: 'MCA/7/24' });
    await buildStudent(t, { roll_no: 'mca/7/24' });
    expect((await lookUp(clerk, 'MCA/7/24')).body.data.rollNo).toBe(rollOf(a));
    expect((await lookUp(clerk, 'Mca/7/24')).status).toBe(404);
  });
});
