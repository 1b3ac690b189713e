import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Built;
let approvedWarden: Built;
let pendingWarden: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  approvedWarden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
  pendingWarden = await buildAuthority(t, 'Warden', { hostelNo: 7, approved: false });
  // an authority that never verified its email is not listed
  await t.ctx.database.db
    .updateTable('users')
    .set({ verified: 0 })
    .where('id', '=', (await buildAuthority(t, 'Other', { approved: false })).id)
    .execute();
});
afterAll(async () => t.close());

const list = (query = '', user: Built | null = admin) =>
  t.request({ method: 'GET', url: `/api/admin/authorities${query}`, token: user?.token });
const setApproval = (id: number | string, payload: unknown, user: Built | null = admin) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/authorities/${id}`,
    token: user?.token,
    payload: payload as object,
  });

describe('the authority approval list', () => {
  it('lists verified authorities, those awaiting approval first', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([pendingWarden.id, approvedWarden.id]);
    expect(res.body.data[0]).toMatchObject({ role: 'authority', approved: false, hostelNo: 7 });
    expect(res.body.data[0].password_hash).toBeUndefined();
  });

  it('filters by approved=true and approved=false, and refuses other values', async () => {
    expect((await list('?approved=false')).body.data.map((u: { id: number }) => u.id)).toEqual([
      pendingWarden.id,
    ]);
    expect((await list('?approved=true')).body.data.map((u: { id: number }) => u.id)).toEqual([
      approvedWarden.id,
    ]);
    expect((await list('?approved=maybe')).status).toBe(400);
  });

  it('answers a page at a time, like every list, with the total in count', async () => {
    const extra = [];
    for (let i = 0; i < 3; i++) extra.push(await buildAuthority(t, 'Other', { approved: false }));
    const first = await list('?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 5, page: 1, pageSize: 2 });
    // awaiting approval first, newest first among them
    expect(first.body.data.map((u: { id: number }) => u.id)).toEqual([extra[2]!.id, extra[1]!.id]);
    const third = await list('?pageSize=2&page=3');
    expect(third.body.data.map((u: { id: number }) => u.id)).toEqual([approvedWarden.id]);
    expect((await list('?pageSize=2&approved=false&page=2')).body).toMatchObject({ count: 4, page: 2 });
    expect((await list('?pageSize=101')).status).toBe(400);
    await t.ctx.database.db
      .deleteFrom('users')
      .where(
        'id',
        'in',
        extra.map((a) => a.id),
      )
      .execute();
  });

  it('is for admins only', async () => {
    expect((await list('', null)).status).toBe(401);
    expect((await list('', approvedWarden)).status).toBe(403);
    expect((await list('', await buildStudent(t))).status).toBe(403);
    expect((await setApproval(pendingWarden.id, { approved: true }, approvedWarden)).status).toBe(403);
  });
});

describe('approving and revoking an authority', () => {
  it('approves an authority awaiting approval, which its own check-auth then shows', async () => {
    const before = await t.request({
      method: 'GET',
      url: '/api/auth/check-auth',
      token: pendingWarden.token,
    });
    expect(before.body.user.approved).toBe(false);
    const res = await setApproval(pendingWarden.id, { approved: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: pendingWarden.id, approved: true });
    const row = await t.ctx.database.db
      .selectFrom('users')
      .select('approved')
      .where('id', '=', pendingWarden.id)
      .executeTakeFirstOrThrow();
    expect(row.approved).toBe(1);
    const after = await t.request({ method: 'GET', url: '/api/auth/check-auth', token: pendingWarden.token });
    expect(after.body.user.approved).toBe(true);
  });

  it('revokes at once without signing the authority out', async () => {
    const res = await setApproval(approvedWarden.id, { approved: false });
    expect(res.status).toBe(200);
    expect(res.body.data.approved).toBe(false);
    const check = await t.request({
      method: 'GET',
      url: '/api/auth/check-auth',
      token: approvedWarden.token,
    });
    expect(check.status).toBe(200);
    expect(check.body.user.approved).toBe(false);
    await setApproval(approvedWarden.id, { approved: true });
  });

  it('answers 404 for a student, an admin or a missing id, and 400 for a bad body or id', async () => {
    const s = await buildStudent(t);
    expect((await setApproval(s.id, { approved: true })).status).toBe(404);
    expect((await setApproval(admin.id, { approved: true })).status).toBe(404);
    expect((await setApproval(999999, { approved: true })).status).toBe(404);
    expect((await setApproval(pendingWarden.id, { approved: 'yes' })).status).toBe(400);
    expect((await setApproval(pendingWarden.id, {})).status).toBe(400);
    expect((await setApproval('abc', { approved: true })).status).toBe(400);
  });
});
