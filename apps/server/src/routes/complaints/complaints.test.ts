import { MSG, MSG_COMPLAINT } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent, lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readStatementCount } from '../../db/statement-count';

let t: TestApp;
let student: Built;
let warden: Built;
let clerk: Built;
let admin: Built;

const hostel = {
  type: 'Hostel',
  hostelNo: 1,
  roomNo: 'A-101',
  subType: 'Plumbing',
  description: 'Tap is leaking',
};
const college = { type: 'College', subType: 'Library', description: 'Library closes too early' };

const file = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/complaints', token, payload });

beforeAll(async () => {
  t = await createTestApp();
  student = await buildStudent(t, { name: 'Asha Kumari', roll_no: 'BTECH/10001/23' });
  warden = await buildAuthority(t, 'Warden', { hostelNo: 1, name: 'Dr. Warden One' });
  clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 1, name: 'Clerk One' });
  admin = await buildAdmin(t);
});
afterAll(async () => t.close());

describe('filing a complaint', () => {
  it('files a hostel complaint as Pending for the signed-in student and returns its token', async () => {
    const res = await file(student.token, hostel);
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^CMP-[A-Z0-9]+$/);
    expect(res.body.complaint).toMatchObject({
      token: res.body.token,
      type: 'Hostel',
      hostelNo: 1,
      roomNo: 'A-101',
      subType: 'Plumbing',
      description: 'Tap is leaking',
      status: 'Pending',
      remarks: null,
      assignedTo: null,
      student: { name: 'Asha Kumari', rollNo: 'BTECH/10001/23' },
      createdAt: new Date(t.clock.now()).toISOString(),
      updatedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(typeof res.body.complaint.id).toBe('number');
  });

  it('files a college complaint with no hostel or room', async () => {
    const res = await file(student.token, { ...college, hostelNo: null, roomNo: '' });
    expect(res.status).toBe(201);
    expect(res.body.complaint).toMatchObject({
      type: 'College',
      hostelNo: null,
      roomNo: null,
      subType: 'Library',
    });
  });

  it('accepts a hostel number sent as a string, as a form does', async () => {
    const res = await file(student.token, { ...hostel, hostelNo: '13' });
    expect(res.status).toBe(201);
    expect(res.body.complaint.hostelNo).toBe(13);
  });

  it('stores the description exactly as sent, markup included', async () => {
    const description = '  <b>fan</b> & "bulb"  ';
    const res = await file(student.token, { ...hostel, description });
    expect(res.status).toBe(201);
    expect(res.body.complaint.description).toBe(description);
  });

  it('gives every complaint a different token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await file(student.token, college)).body.token);
    expect(tokens.size).toBe(5);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no type', { subType: 'Library', description: 'x' }, MSG_COMPLAINT.typeRequired],
    ['an unknown type', { ...college, type: 'Mess' }, MSG_COMPLAINT.typeRequired],
    ['a hostel complaint without a room', { ...hostel, roomNo: undefined }, MSG_COMPLAINT.roomRequired],
    ['a hostel complaint with a blank room', { ...hostel, roomNo: '   ' }, MSG_COMPLAINT.roomRequired],
    ['a hostel complaint without a hostel', { ...hostel, hostelNo: undefined }, MSG_COMPLAINT.hostelRequired],
    ['a hostel complaint for hostel 14', { ...hostel, hostelNo: 14 }, MSG_COMPLAINT.hostelRequired],
    ['a hostel complaint for hostel 0', { ...hostel, hostelNo: 0 }, MSG_COMPLAINT.hostelRequired],
    ['a hostel complaint for hostel 1.5', { ...hostel, hostelNo: 1.5 }, MSG_COMPLAINT.hostelRequired],
    [
      'a hostel complaint without a problem',
      { ...hostel, subType: undefined },
      MSG_COMPLAINT.problemRequired,
    ],
    [
      'a hostel complaint with a college department',
      { ...hostel, subType: 'Library' },
      MSG_COMPLAINT.problemRequired,
    ],
    [
      'a college complaint with a hostel problem',
      { ...college, subType: 'Plumbing' },
      MSG_COMPLAINT.departmentRequired,
    ],
    [
      'a college complaint without a department',
      { ...college, subType: undefined },
      MSG_COMPLAINT.departmentRequired,
    ],
    ['an empty description', { ...hostel, description: '' }, MSG_COMPLAINT.descriptionRequired],
    ['a blank description', { ...hostel, description: '  \n ' }, MSG_COMPLAINT.descriptionRequired],
    ['no description', { ...hostel, description: undefined }, MSG_COMPLAINT.descriptionRequired],
    [
      'a 1001-character description',
      { ...hostel, description: 'x'.repeat(1001) },
      MSG_COMPLAINT.descriptionLong,
    ],
  ];
  for (const [what, payload, message] of invalid) {
    it(`refuses ${what} with "${message}"`, async () => {
      const res = await file(student.token, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].message).toBe(message);
    });
  }

  it('refuses a college complaint that names a hostel or a room', async () => {
    expect((await file(student.token, { ...college, hostelNo: 3 })).status).toBe(400);
    expect((await file(student.token, { ...college, roomNo: 'A-1' })).status).toBe(400);
  });

  it('accepts a 1000-character description', async () => {
    const res = await file(student.token, { ...hostel, description: 'x'.repeat(1000) });
    expect(res.status).toBe(201);
  });

  it('refuses an unknown field', async () => {
    const res = await file(student.token, { ...hostel, priority: 'high' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  it('refuses a student field in the body, so nobody files in another name', async () => {
    const res = await file(student.token, { ...hostel, student: 99 });
    expect(res.status).toBe(400);
    const res2 = await file(student.token, { ...hostel, studentId: 99 });
    expect(res2.status).toBe(400);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: student.token,
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.status).toBe(400);
  });

  it('answers 400, not 500, to a request with no body at all', async () => {
    const res = await t.request({ method: 'POST', url: '/api/complaints', token: student.token });
    expect(res.status).toBe(400);
    const put = await t.request({ method: 'PUT', url: '/api/complaints/1', token: warden.token });
    expect(put.status).toBe(400);
  });

  it('answers 401 to an anonymous caller before looking at the body', async () => {
    const res = await t.request({ method: 'POST', url: '/api/complaints', payload: {} });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.notSignedIn);
  });

  it('answers 403 to an authority or an admin filing a complaint', async () => {
    expect((await file(warden.token, hostel)).status).toBe(403);
    expect((await file(admin.token, hostel)).status).toBe(403);
  });
});

describe('updating a complaint and its history', () => {
  it('records the filing and each update, oldest first, and assigns the complaint to the last updater', async () => {
    const filed = await file(student.token, hostel);
    const { id, token } = filed.body.complaint;

    t.clock.advance(60_000);
    const first = await t.request({
      method: 'PUT',
      url: `/api/complaints/${id}`,
      token: warden.token,
      payload: { status: 'In Progress', remarks: 'Plumber called' },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Complaint status updated successfully');
    expect(first.body.data).toMatchObject({
      id,
      status: 'In Progress',
      remarks: 'Plumber called',
      assignedTo: { name: 'Dr. Warden One', designation: 'Warden' },
      updatedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(first.body.data.createdAt).toBe(filed.body.complaint.createdAt);

    t.clock.advance(60_000);
    const second = await t.request({
      method: 'PUT',
      url: `/api/complaints/${id}`,
      token: clerk.token,
      payload: { status: 'Resolved' },
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      status: 'Resolved',
      // a change without a remark keeps the complaint's latest one; the history shows it brought none
      remarks: 'Plumber called',
      assignedTo: { name: 'Clerk One', designation: 'Hostel Clerk' },
    });

    const got = await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: student.token });
    expect(got.status).toBe(200);
    const start = Date.parse(filed.body.complaint.createdAt);
    expect(got.body.data.history).toEqual([
      {
        status: 'Pending',
        remarks: null,
        by: { name: 'Asha Kumari', designation: null },
        at: new Date(start).toISOString(),
      },
      {
        status: 'In Progress',
        remarks: 'Plumber called',
        by: { name: 'Dr. Warden One', designation: 'Warden' },
        at: new Date(start + 60_000).toISOString(),
      },
      {
        status: 'Resolved',
        remarks: null,
        by: { name: 'Clerk One', designation: 'Hostel Clerk' },
        at: new Date(start + 120_000).toISOString(),
      },
    ]);
    expect(got.body.data.status).toBe('Resolved');
  });

  it('keeps the latest remark on the complaint when a later change brings none, and takes a new one', async () => {
    const owner = await buildStudent(t);
    const { id, token } = (await file(owner.token, hostel)).body.complaint;
    const put = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/complaints/${id}`, token: warden.token, payload });
    expect((await put({ status: 'In Progress', remarks: 'Plumber called' })).body.data.remarks).toBe(
      'Plumber called',
    );
    // the dialog sends an empty remark, an API client may leave it out or send null
    for (const payload of [
      { status: 'Resolved', remarks: '' },
      { status: 'Resolved' },
      { status: 'Resolved', remarks: null },
    ])
      expect((await put(payload)).body.data.remarks).toBe('Plumber called');
    const got = await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: owner.token });
    expect(got.body.data.remarks).toBe('Plumber called');
    expect((await put({ status: 'Resolved', remarks: 'Tap replaced' })).body.data.remarks).toBe(
      'Tap replaced',
    );
  });

  it('keeps an update to the same status in the history too', async () => {
    const { id, token } = (await file(student.token, hostel)).body.complaint;
    for (const remarks of ['first look', 'second look']) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/complaints/${id}`,
        token: warden.token,
        payload: { status: 'Pending', remarks },
      });
      expect(res.status).toBe(200);
    }
    const got = await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: admin.token });
    expect(got.body.data.history.map((h: { remarks: string | null }) => h.remarks)).toEqual([
      null,
      'first look',
      'second look',
    ]);
  });

  it('queues a status mail to the student with the token, status, remarks and a link', async () => {
    const { id, token } = (await file(student.token, hostel)).body.complaint;
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${id}`,
      token: warden.token,
      payload: { status: 'Rejected', remarks: 'Duplicate of an earlier complaint' },
    });
    expect(res.status).toBe(200);
    const mail = await lastMail(t, student.email);
    expect(mail).toBeDefined();
    expect(mail?.subject).toContain(token);
    expect(mail?.subject).toContain('Rejected');
    expect(mail?.text_body).toContain(token);
    expect(mail?.text_body).toContain('Rejected');
    expect(mail?.text_body).toContain('Duplicate of an earlier complaint');
    expect(mail?.text_body).toContain(`${t.config.publicUrl}/complaint-status?token=${token}`);
    expect(mail?.sent_at).toBeNull();
  });

  it('links the Resolved mail to rating the resolution, and no other status mail', async () => {
    // a student of its own: the suite's student files close to the daily limit
    const student = await buildStudent(t);
    const { id, token } = (await file(student.token, hostel)).body.complaint;
    const rateLink = `${t.config.publicUrl}/feedback?token=${token}`;
    const update = (status: string) =>
      t.request({ method: 'PUT', url: `/api/complaints/${id}`, token: warden.token, payload: { status } });
    expect((await update('In Progress')).status).toBe(200);
    expect((await lastMail(t, student.email))?.text_body).not.toContain('Rate this resolution');
    expect((await update('Resolved')).status).toBe(200);
    const mail = await lastMail(t, student.email);
    expect(mail?.subject).toContain('Resolved');
    expect(mail?.text_body).toContain(`Rate this resolution: ${rateLink}`);
    expect(mail?.html_body).toContain(rateLink);
  });

  it('queues no mail when the update is refused', async () => {
    const { id } = (await file(student.token, hostel)).body.complaint;
    const count = async () =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${id}`,
      token: warden.token,
      payload: { status: 'Closed' },
    });
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
  });

  const badUpdates: [string, Record<string, unknown>, string | undefined][] = [
    ['an unknown status', { status: 'Closed' }, MSG_COMPLAINT.statusInvalid],
    ['no status', { remarks: 'x' }, MSG_COMPLAINT.statusInvalid],
    ['501-character remarks', { status: 'Resolved', remarks: 'r'.repeat(501) }, MSG_COMPLAINT.remarksLong],
    ['remarks that are not text', { status: 'Resolved', remarks: 5 }, undefined],
    ['an unknown field', { status: 'Resolved', assignedTo: 1 }, undefined],
  ];
  for (const [what, payload, message] of badUpdates) {
    it(`refuses an update with ${what}`, async () => {
      const { id } = (await file(student.token, hostel)).body.complaint;
      const res = await t.request({
        method: 'PUT',
        url: `/api/complaints/${id}`,
        token: warden.token,
        payload,
      });
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    });
  }

  it('accepts 500-character remarks', async () => {
    const { id } = (await file(student.token, hostel)).body.complaint;
    const res = await t.request({
      method: 'PUT',
      url: `/api/complaints/${id}`,
      token: warden.token,
      payload: { status: 'Resolved', remarks: 'r'.repeat(500) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.remarks).toHaveLength(500);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(20)]) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/complaints/${id}`,
        token: warden.token,
        payload: { status: 'Resolved' },
      });
      expect(res.status, id).toBe(400);
    }
    const res = await t.request({
      method: 'PUT',
      url: '/api/complaints/999999',
      token: warden.token,
      payload: { status: 'Resolved' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.complaintNotFound);
  });
});

describe('looking a complaint up by token', () => {
  it('finds a token whatever its letter case', async () => {
    // a student of its own: the shared one has filed its 20 complaints a day by now (CONTRACT 5.9)
    const owner = await buildStudent(t);
    const { token } = (await file(owner.token, hostel)).body.complaint;
    const res = await t.request({
      method: 'GET',
      url: `/api/complaints/${token.toLowerCase()}`,
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBe(token);
  });

  it('answers 400 to a malformed token and 404 to an unknown one', async () => {
    for (const bad of ['hello', 'CMP-', 'CMP-ab$d', `CMP-${'A'.repeat(40)}`]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/complaints/${encodeURIComponent(bad)}`,
        token: admin.token,
      });
      expect(res.status, bad).toBe(400);
    }
    const res = await t.request({ method: 'GET', url: '/api/complaints/CMP-ZZZZZZZZZZ', token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.complaintNotFound);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.request({ method: 'GET', url: '/api/complaints/CMP-ZZZZZZZZZZ' });
    expect(res.status).toBe(401);
  });

  it('reads the session, the complaint, its history, messages and photos in one statement', async () => {
    const owner = await buildStudent(t);
    const { token, id } = (await file(owner.token, hostel)).body.complaint;
    await t.request({
      method: 'PUT',
      url: `/api/complaints/${id}`,
      token: warden.token,
      payload: { status: 'In Progress', remarks: 'Plumber called' },
    });
    await t.request({
      method: 'POST',
      url: `/api/complaints/${id}/messages`,
      token: owner.token,
      payload: { body: 'Still dripping' },
    });
    for (const who of [owner, warden, admin]) {
      const before = readStatementCount();
      const res = await t.request({ method: 'GET', url: `/api/complaints/${token}`, token: who.token });
      expect(readStatementCount() - before).toBe(1);
      expect(res.status).toBe(200);
      expect(res.body.data.history.map((h: { status: string }) => h.status)).toEqual([
        'Pending',
        'In Progress',
      ]);
      expect(res.body.data.messages.map((m: { body: string }) => m.body)).toEqual(['Still dripping']);
      expect(res.body.data.attachments).toEqual([]);
    }
  });
});

describe('the documented API', () => {
  it('lists every complaints route in the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/complaints',
      '/api/complaints/student',
      '/api/complaints/authority',
      '/api/complaints/admin/all',
      '/api/complaints/admin/stats',
      '/api/complaints/{token}',
      '/api/complaints/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
