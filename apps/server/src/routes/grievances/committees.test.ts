import { COMMITTEE_NAMES, MSG_COMMITTEES } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Built;
let student: Built;
let warden: Built;
let clerk: Built;
let other: Built;
let pending: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  student = await buildStudent(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 2, name: 'Meera Iyer' });
  clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 2, name: 'Arun Das' });
  other = await buildAuthority(t, 'Other', { name: 'Zoya Khan' });
  pending = await buildAuthority(t, 'Other', { approved: false });
});
afterAll(async () => t.close());

const publicList = (user: Built | null = null) =>
  t.request({ method: 'GET', url: '/api/committees', token: user?.token });
const adminList = (user: Built | null = admin) =>
  t.request({ method: 'GET', url: '/api/admin/committees', token: user?.token });
const put = (committee: string, payload: unknown, user: Built | null = admin) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/committees/${committee}`,
    token: user?.token,
    payload: payload as object,
  });
const member = (u: Built, chair = false) => ({ userId: u.id, chair });
const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.[0]?.field;

describe('the grievance committees (CONTRACT 7.2)', () => {
  it('lists the four committees to anyone, signed in or not, with no members at first', async () => {
    const res = await publicList();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { committee: 'sgrc', name: "Students' Grievance Redressal Committee", members: [] },
        { committee: 'ombudsperson', name: 'Ombudsperson', members: [] },
        { committee: 'anti-ragging', name: 'Anti-Ragging Committee', members: [] },
        { committee: 'icc', name: 'Internal Complaints Committee', members: [] },
      ],
    });
    expect((await publicList(student)).status).toBe(200);
    expect((await publicList(warden)).status).toBe(200);
  });

  it('appoints approved authorities with one chair, and answers the committee with its members, the chair first', async () => {
    const res = await put('sgrc', { members: [member(other), member(warden, true), member(clerk)] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        committee: 'sgrc',
        name: COMMITTEE_NAMES.sgrc,
        members: [
          { userId: warden.id, name: 'Meera Iyer', designation: 'Warden', chair: true },
          { userId: clerk.id, name: 'Arun Das', designation: 'Hostel Clerk', chair: false },
          { userId: other.id, name: 'Zoya Khan', designation: 'Other', chair: false },
        ],
      },
    });
    const sgrc = (await publicList()).body.data[0];
    expect(sgrc.members).toEqual([
      { name: 'Meera Iyer', designation: 'Warden', chair: true },
      { name: 'Arun Das', designation: 'Hostel Clerk', chair: false },
      { name: 'Zoya Khan', designation: 'Other', chair: false },
    ]);
    // the admin's list carries the ids to change it with
    expect((await adminList()).body.data[0].members.map((m: { userId: number }) => m.userId)).toEqual([
      warden.id,
      clerk.id,
      other.id,
    ]);
  });

  it('shows names and designations only: never an email, a phone or an id, to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/committees' });
    expect(res.statusCode).toBe(200);
    for (const u of [warden, clerk, other]) expect(res.body).not.toContain(u.email);
    expect(res.body).not.toMatch(/@/);
    expect(res.body).not.toContain('9876543210');
    expect(res.body).not.toMatch(/mobile|email|userId|"id"/);
  });

  it('replaces the members it had, and empties a committee', async () => {
    expect((await put('sgrc', { members: [member(clerk, true)] })).body.data.members).toEqual([
      { userId: clerk.id, name: 'Arun Das', designation: 'Hostel Clerk', chair: true },
    ]);
    expect((await put('sgrc', { members: [] })).body.data.members).toEqual([]);
    expect((await publicList()).body.data[0].members).toEqual([]);
  });

  it('lets one authority sit on several committees', async () => {
    expect((await put('sgrc', { members: [member(warden, true)] })).status).toBe(200);
    expect((await put('anti-ragging', { members: [member(warden, true), member(other)] })).status).toBe(200);
    const data = (await publicList()).body.data;
    expect(data[0].members).toHaveLength(1);
    expect(data[2].members).toHaveLength(2);
  });

  it('seats no student, admin, authority awaiting approval or unknown user, naming the member, and keeps what it had', async () => {
    for (const u of [student.id, admin.id, pending.id, 999_999]) {
      const res = await put('sgrc', { members: [member(warden, true), { userId: u, chair: false }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_COMMITTEES.notApprovedAuthority);
      expect(fieldOf(res.body)).toBe('members.1.userId');
    }
    expect((await publicList()).body.data[0].members).toEqual([
      { name: 'Meera Iyer', designation: 'Warden', chair: true },
    ]);
  });

  it('needs exactly one chair when there are members', async () => {
    for (const members of [
      [member(warden), member(clerk)],
      [member(warden, true), member(clerk, true)],
    ]) {
      const res = await put('icc', { members });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_COMMITTEES.oneChair);
      expect(fieldOf(res.body)).toBe('members');
    }
    expect((await put('icc', { members: [member(clerk, true)] })).status).toBe(200);
  });

  it('seats the Ombudsperson alone', async () => {
    const res = await put('ombudsperson', { members: [member(other, true), member(clerk)] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_COMMITTEES.ombudspersonOne);
    expect(fieldOf(res.body)).toBe('members');
    const one = await put('ombudsperson', { members: [member(other, true)] });
    expect(one.status).toBe(200);
    expect((await publicList()).body.data[1].members).toEqual([
      { name: 'Zoya Khan', designation: 'Other', chair: true },
    ]);
  });

  it('refuses a user twice, naming the second', async () => {
    const res = await put('sgrc', { members: [member(warden, true), member(clerk), member(warden)] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_COMMITTEES.userTwice);
    expect(fieldOf(res.body)).toBe('members.2.userId');
  });

  it('refuses an unknown committee, a body of the wrong shape and the 21st member', async () => {
    const unknown = await put('library', { members: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG_COMMITTEES.committeeInvalid);
    expect((await put('sgrc', {})).status).toBe(400);
    expect((await put('sgrc', { members: [{ userId: 'x', chair: true }] })).body.message).toBe(
      MSG_COMMITTEES.userIdInvalid,
    );
    expect((await put('sgrc', { members: [{ userId: warden.id }] })).body.message).toBe(
      MSG_COMMITTEES.chairInvalid,
    );
    expect((await put('sgrc', { members: [{ ...member(warden, true), email: 'x' }] })).status).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => ({ userId: i + 1, chair: i === 0 }));
    const res = await put('sgrc', { members: many });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_COMMITTEES.tooMany);
  });

  it('is changed by admins only, and the admin list is read by admins only', async () => {
    for (const u of [null, student, warden]) {
      expect((await put('sgrc', { members: [] }, u)).status).toBe(u ? 403 : 401);
      expect((await adminList(u)).status).toBe(u ? 403 : 401);
    }
  });

  it('writes committee.update to the audit log with the committee as target; a refused change writes nothing', async () => {
    const audit = () =>
      t.request({ method: 'GET', url: '/api/admin/audit?action=committee.update', token: admin.token });
    const before = (await audit()).body.count;
    await put('icc', { members: [member(warden, true)] });
    const after = await audit();
    expect(after.body.count).toBe(before + 1);
    expect(after.body.data[0]).toMatchObject({
      action: 'committee.update',
      actor: { id: admin.id },
      target: { type: 'committee', id: 'icc' },
    });
    await put('icc', { members: [member(warden, true), member(pending)] });
    expect((await audit()).body.count).toBe(before + 1);
  });

  it('leaves out a member whose approval was withdrawn, until approved again', async () => {
    await put('sgrc', { members: [member(warden, true), member(clerk)] });
    const setApproval = (approved: boolean) =>
      t.request({
        method: 'PUT',
        url: `/api/admin/authorities/${clerk.id}`,
        token: admin.token,
        payload: { approved },
      });
    await setApproval(false);
    expect((await publicList()).body.data[0].members.map((m: { name: string }) => m.name)).toEqual([
      'Meera Iyer',
    ]);
    expect((await adminList()).body.data[0].members).toHaveLength(1);
    await setApproval(true);
    expect((await publicList()).body.data[0].members.map((m: { name: string }) => m.name)).toEqual([
      'Meera Iyer',
      'Arun Das',
    ]);
  });

  it('two changes of the same committee at once leave one of them whole, with one chair', async () => {
    const a = { members: [member(warden, true), member(clerk)] };
    const b = { members: [member(clerk, true), member(other)] };
    const [ra, rb] = await Promise.all([put('sgrc', a), put('sgrc', b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const kept = (await adminList()).body.data[0].members.map((m: { userId: number; chair: boolean }) => ({
      userId: m.userId,
      chair: m.chair,
    }));
    const sorted = (x: { userId: number; chair: boolean }[]) => [...x].sort((p, q) => p.userId - q.userId);
    expect([sorted(a.members), sorted(b.members)]).toContainEqual(sorted(kept));
  });
});
