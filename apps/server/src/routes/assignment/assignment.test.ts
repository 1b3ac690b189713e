import { MSG, MSG_ASSIGN, MSG_COMPLAINT } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { file, hostelComplaint, mailsTo, photo, upload } from '../complaints/test-helpers';

/** CONTRACT 7.5's first bullet: assignment, the rule of policy/staff.ts (userReaches) on every path. */

let t: TestApp;
let student: Built;
let warden2: Built;
let warden5: Built;
let network: Built;
let pending: Built;
let admin: Built;
let assigned: { id: number; token: string };
let other5: { id: number; token: string };

const assign = (who: Built, id: number, userId: number | null) =>
  t.request({ method: 'PUT', url: `/api/complaints/${id}/assignee`, token: who.token, payload: { userId } });
const lookup = (who: Built, token: string) =>
  t.request({ method: 'GET', url: `/api/complaints/${encodeURIComponent(token)}`, token: who.token });
const list = (who: Built, query: string) =>
  t.request({ method: 'GET', url: `/api/complaints/authority?pageSize=100&${query}`, token: who.token });
const update = (who: Built, id: number, status = 'In Progress') =>
  t.request({
    method: 'PUT',
    url: `/api/complaints/${id}`,
    token: who.token,
    payload: { status, remarks: 'On it' },
  });
const message = (who: Built, id: number) =>
  t.request({
    method: 'POST',
    url: `/api/complaints/${id}/messages`,
    token: who.token,
    payload: { body: 'Coming at 4' },
  });

beforeAll(async () => {
  t = await createTestApp();
  student = await buildStudent(t);
  warden2 = await buildAuthority(t, 'Warden', { hostelNo: 2 });
  warden5 = await buildAuthority(t, 'Warden', { hostelNo: 5 });
  network = await buildAuthority(t, 'Network Department', { name: 'Ravi Electrician' });
  pending = await buildAuthority(t, 'Other', { approved: false });
  admin = await buildAdmin(t);
  assigned = await file(t, student, hostelComplaint(5, 'Electrical'));
  other5 = await file(t, student, hostelComplaint(5, 'Fan'));
});
afterAll(async () => t.close());

describe('PUT /api/complaints/{id}/assignee', () => {
  it('lets a Warden of hostel 2 assigned one hostel-5 complaint reach exactly that one, and none after clearing', async () => {
    // before: out of scope everywhere
    expect((await lookup(warden2, assigned.token)).status).toBe(404);
    expect((await update(warden2, assigned.id)).status).toBe(404);

    const res = await assign(warden5, assigned.id, warden2.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.assignee).toEqual({ id: warden2.id, name: warden2.user.name, designation: 'Warden' });
    expect(res.body.token).toBe(assigned.token);

    // the token lookup, the list with assignee=me, the update, a message
    const page = await lookup(warden2, assigned.token);
    expect(page.status).toBe(200);
    expect(page.body.data.assignee.id).toBe(warden2.id);
    const mine = await list(warden2, 'assignee=me');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((c: { id: number }) => c.id)).toEqual([assigned.id]);
    expect(mine.body.count).toBe(1);
    expect(mine.body.assignedToMe).toBe(1);
    expect((await update(warden2, assigned.id)).status).toBe(200);
    expect((await message(warden2, assigned.id)).status).toBe(201);

    // and nothing else of hostel 5
    expect((await lookup(warden2, other5.token)).status).toBe(404);
    expect((await update(warden2, other5.id)).status).toBe(404);
    expect((await message(warden2, other5.id)).status).toBe(404);
    expect((await assign(warden2, other5.id, warden2.id)).status).toBe(404);
    // the whole-scope list stays the scope's (hostel 2's): the assigned complaint is under assignee=me
    const scoped = await list(warden2, '');
    expect(scoped.body.data.map((c: { id: number }) => c.id)).toEqual([]);
    expect(scoped.body.assignedToMe).toBe(1);

    // the history: the assignment by the assigner, then the assignee's own update
    const history = (await lookup(warden5, assigned.token)).body.data.history;
    expect(history.map((h: { remarks: string }) => h.remarks)).toContain(
      MSG_ASSIGN.assignedTo(warden2.user.name),
    );
    const line = history.find((h: { remarks: string }) => h.remarks === `Assigned to ${warden2.user.name}`);
    expect(line.by).toEqual({ name: warden5.user.name, designation: 'Warden' });

    // the assignee clears it: then 404 on that one too
    const cleared = await assign(warden2, assigned.id, null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.assignee).toBeNull();
    expect((await lookup(warden2, assigned.token)).status).toBe(404);
    expect((await update(warden2, assigned.id)).status).toBe(404);
    expect((await message(warden2, assigned.id)).status).toBe(404);
    expect((await list(warden2, 'assignee=me')).body.data).toEqual([]);
    const after = (await lookup(warden5, assigned.token)).body.data.history;
    expect(after.at(-1).remarks).toBe(MSG_ASSIGN.cleared);
    expect(after.at(-1).by.name).toBe(warden2.user.name);
  });

  it('tells the assignee by mail, with the link to the complaint', async () => {
    const c = await file(t, student, hostelComplaint(5, 'Electrical'));
    const before = (await mailsTo(t, network.email)).length;
    expect((await assign(warden5, c.id, network.id)).status).toBe(200);
    const mails = await mailsTo(t, network.email);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toContain(`complaint ${c.token} assigned to you`);
    expect(mail.text_body).toContain(`${warden5.user.name} assigned complaint ${c.token} to you.`);
    expect(mail.text_body).toContain(`/complaint-status?token=${c.token}`);
  });

  it("tells the assignee the student's messages, and a cleared assignee nothing more", async () => {
    const c = await file(t, student, hostelComplaint(5, 'Electrical'));
    const officer = await buildAuthority(t, 'Network Department');
    expect((await assign(warden5, c.id, officer.id)).status).toBe(200);
    const afterAssign = (await mailsTo(t, officer.email)).length;
    expect((await message(student, c.id)).status).toBe(201);
    const told = await mailsTo(t, officer.email);
    expect(told.length).toBe(afterAssign + 1);
    expect(told.at(-1)!.text_body).toContain('Coming at 4');
    expect((await assign(warden5, c.id, null)).status).toBe(200);
    expect((await message(student, c.id)).status).toBe(201);
    expect((await mailsTo(t, officer.email)).length).toBe(afterAssign + 1);
  });

  it("lets the assignee add and read the complaint's photos, and no one else's of that hostel", async () => {
    const c = await file(t, student, hostelComplaint(5, 'Electrical'));
    const owner = await upload(t, student, c.id, await photo('jpeg'));
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    const photoId = owner.body.data.id as number;
    const read = (who: Built, id: number) =>
      t.request({ method: 'GET', url: `/api/attachments/${id}/thumb`, token: who.token });
    expect((await read(warden2, photoId)).status).toBe(404);
    expect((await assign(warden5, c.id, warden2.id)).status).toBe(200);
    expect((await read(warden2, photoId)).status).toBe(200);
    expect((await upload(t, warden2, c.id, await photo('png'), 'p.png', 'image/png')).status).toBe(201);
    const elsewhere = await file(t, student, hostelComplaint(5));
    expect((await upload(t, warden2, elsewhere.id, await photo('jpeg'))).status).toBe(404);
    expect((await assign(warden5, c.id, null)).status).toBe(200);
    expect((await read(warden2, photoId)).status).toBe(404);
  });

  it('refuses a student, an admin, a pending authority or an unknown user as assignee with 400 naming userId', async () => {
    const c = await file(t, student, hostelComplaint(5));
    for (const userId of [student.id, admin.id, pending.id, 999999]) {
      const res = await assign(warden5, c.id, userId);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_ASSIGN.notAssignable);
      expect(JSON.stringify(res.body)).toContain('userId');
    }
    for (const payload of [{}, { userId: 'x' }, { userId: 1.5 }, { userId: 0 }]) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/complaints/${c.id}/assignee`,
        token: warden5.token,
        payload,
      });
      expect(res.status).toBe(400);
    }
  });

  it('answers 404 out of scope, 403 to a pending authority, 403 to an admin and a student', async () => {
    const c = await file(t, student, hostelComplaint(5));
    expect((await assign(warden2, c.id, warden2.id)).status).toBe(404);
    const refused = await assign(pending, c.id, warden5.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG_COMPLAINT.notApproved);
    expect((await assign(admin, c.id, warden5.id)).status).toBe(403);
    expect((await assign(student, c.id, warden5.id)).status).toBe(403);
    expect((await assign(warden5, 999999, warden5.id)).body.message).toBe(MSG.complaintNotFound);
  });

  it('withdraws what an assignment gives when the approval is withdrawn', async () => {
    const other = await buildAuthority(t, 'Warden', { hostelNo: 7 });
    const c = await file(t, student, hostelComplaint(5));
    expect((await assign(warden5, c.id, other.id)).status).toBe(200);
    expect((await lookup(other, c.token)).status).toBe(200);
    await t.ctx.database.db.updateTable('users').set({ approved: 0 }).where('id', '=', other.id).execute();
    expect((await lookup(other, c.token)).status).toBe(404);
  });

  it('ends 20 assignments sent at once in one assignee, the last history line', async () => {
    const c = await file(t, student, hostelComplaint(5));
    const targets = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buildAuthority(t, 'Warden', { hostelNo: 10 + i })),
    );
    const answers = await Promise.all(targets.map((a) => assign(warden5, c.id, a.id)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const page = (await lookup(warden5, c.token)).body.data;
    const lines = page.history.filter((h: { remarks: string | null }) =>
      h.remarks?.startsWith('Assigned to '),
    );
    expect(lines).toHaveLength(20);
    expect(lines.at(-1).remarks).toBe(MSG_ASSIGN.assignedTo(page.assignee.name));
    const holders = await Promise.all(targets.map(async (a) => (await list(a, 'assignee=me')).body.count));
    expect(holders.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('GET /api/complaints/authority?assignee=', () => {
  it('lists the unassigned complaints of the scope under assignee=none, and every row shows its assignee', async () => {
    const a = await file(t, student, hostelComplaint(5));
    const b = await file(t, student, hostelComplaint(5));
    expect((await assign(warden5, a.id, network.id)).status).toBe(200);
    const none = await list(warden5, 'assignee=none');
    expect(none.status).toBe(200);
    const ids = none.body.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(a.id);
    expect(none.body.data.every((c: { assignee: unknown }) => c.assignee === null)).toBe(true);
    const all = await list(warden5, '');
    const row = all.body.data.find((c: { id: number }) => c.id === a.id);
    expect(row.assignee).toEqual({
      id: network.id,
      name: network.user.name,
      designation: 'Network Department',
    });
    expect(all.body.data.every((c: object) => 'assignee' in c)).toBe(true);
  });

  it('narrows assignee=me by status and search, and refuses another value with 400', async () => {
    const c = await file(t, student, {
      ...hostelComplaint(5),
      description: 'Flickering tubelight in corridor',
    });
    expect((await assign(warden5, c.id, warden2.id)).status).toBe(200);
    const pendingOnly = await list(warden2, 'assignee=me&status=Pending');
    expect(pendingOnly.body.data.map((r: { id: number }) => r.id)).toContain(c.id);
    const resolved = await list(warden2, 'assignee=me&status=Resolved');
    expect(resolved.body.data).toEqual([]);
    expect(resolved.body.count).toBe(0);
    const searched = await list(warden2, 'assignee=me&q=tubelight');
    expect(searched.body.data.map((r: { id: number }) => r.id)).toEqual([c.id]);
    expect((await list(warden2, 'assignee=someone')).status).toBe(400);
  });
});

describe('GET /api/authorities/assignable', () => {
  it('answers approved authorities by name with id, name and designation only', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/authorities/assignable?q=ravi',
      token: warden5.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [{ id: network.id, name: 'Ravi Electrician', designation: 'Network Department' }],
    });
    const everyone = await t.request({
      method: 'GET',
      url: '/api/authorities/assignable',
      token: warden5.token,
    });
    const ids = everyone.body.data.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(student.id);
    expect(JSON.stringify(everyone.body)).not.toContain('@');
  });

  it('treats % and _ in q as themselves', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/authorities/assignable?q=%25',
      token: warden5.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('refuses a student, an admin and a pending authority', async () => {
    for (const who of [student, admin]) {
      const res = await t.request({ method: 'GET', url: '/api/authorities/assignable', token: who.token });
      expect(res.status).toBe(403);
    }
    const res = await t.request({ method: 'GET', url: '/api/authorities/assignable', token: pending.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG_COMPLAINT.notApproved);
  });
});
