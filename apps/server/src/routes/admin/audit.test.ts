/**
 * CONTRACT 6.5: the audit log. Each admin action writes one entry (actor, target, address) in the
 * action's own transaction, and GET /api/admin/audit lists them, newest first, with filters.
 */
import { AUDIT_ACTIONS, type TAuditAction } from '@bit/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { type AuditActor, recordAudit } from '../../services/oversight/audit';

let t: TestApp;
let admin: Built;
let warden: Built;
let pending: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
  pending = await buildAuthority(t, 'Warden', { hostelNo: 7, approved: false });
});
afterAll(async () => t.close());

const entries = () => t.ctx.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const clearLog = () => t.ctx.database.db.deleteFrom('audit_log').execute();

const setApproval = (id: number, approved: boolean, ip = '203.0.113.7', user: Built = admin) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/authorities/${id}`,
    token: user.token,
    payload: { approved },
    remoteAddress: ip,
  });

async function postNotice(user: Built, hostel = '3') {
  const res = await t.request({
    method: 'POST',
    url: '/api/notifications',
    ...(await multipart({ title: 'Water off', message: 'Water supply off 10-12', hostel })),
    token: user.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const deleteNotice = (id: number, user: Built, ip = '198.51.100.4') =>
  t.request({ method: 'DELETE', url: `/api/notifications/${id}`, token: user.token, remoteAddress: ip });

const exportCsv = (ip = '192.0.2.9', user: Built = admin) =>
  t.request({
    method: 'GET',
    url: '/api/complaints/admin/export.csv?type=Hostel',
    token: user.token,
    remoteAddress: ip,
  });

const list = (query = '', user: Built | null = admin) =>
  t.request({ method: 'GET', url: `/api/admin/audit${query && `?${query}`}`, token: user?.token });
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((e) => e.id);

/** Takes the audit log away for a moment, so that writing an entry fails. */
async function withoutAuditLog(run: () => Promise<void>) {
  await sql`alter table audit_log rename to audit_log_away`.execute(t.ctx.database.db);
  try {
    await run();
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(t.ctx.database.db);
  }
}

describe('entries written by admin actions', () => {
  it('records an approval and a withdrawal, each once, with the admin, the authority and the address', async () => {
    await clearLog();
    expect((await setApproval(pending.id, true, '203.0.113.7')).status).toBe(200);
    expect((await setApproval(pending.id, false, '203.0.113.8')).status).toBe(200);
    expect(await entries()).toMatchObject([
      {
        at: t.clock.now(),
        actor_id: admin.id,
        actor_name: admin.user.name,
        actor_role: 'admin',
        action: 'authority.approve',
        target_type: 'user',
        target_id: String(pending.id),
        ip: '203.0.113.7',
      },
      {
        actor_id: admin.id,
        action: 'authority.withdraw',
        target_type: 'user',
        target_id: String(pending.id),
        ip: '203.0.113.8',
      },
    ]);
  });

  it('writes no entry for an approval refused with 404 or 403', async () => {
    await clearLog();
    const student = await buildStudent(t);
    expect((await setApproval(student.id, true)).status).toBe(404);
    expect((await setApproval(999_999, false)).status).toBe(404);
    expect((await setApproval(pending.id, true, '203.0.113.7', warden)).status).toBe(403);
    expect(await entries()).toEqual([]);
  });

  it('records a notice deleted by an admin and one deleted by the authority that posted it, with their roles', async () => {
    await clearLog();
    const byWarden = await postNotice(warden);
    const byAdmin = await postNotice(admin, 'all');
    expect((await deleteNotice(byWarden, warden, '198.51.100.4')).status).toBe(200);
    expect((await deleteNotice(byAdmin, admin, '198.51.100.5')).status).toBe(200);
    expect(await entries()).toMatchObject([
      {
        actor_id: warden.id,
        actor_name: warden.user.name,
        actor_role: 'authority',
        action: 'notice.delete',
        target_type: 'notice',
        target_id: String(byWarden),
        ip: '198.51.100.4',
      },
      {
        actor_id: admin.id,
        actor_role: 'admin',
        action: 'notice.delete',
        target_type: 'notice',
        target_id: String(byAdmin),
        ip: '198.51.100.5',
      },
    ]);
  });

  it("writes no entry for a notice delete refused with 403 (another's notice) or 404 (gone)", async () => {
    const byAdmin = await postNotice(admin, 'all');
    await clearLog();
    expect((await deleteNotice(byAdmin, warden)).status).toBe(403);
    expect((await deleteNotice(byAdmin, admin)).status).toBe(200);
    expect((await deleteNotice(byAdmin, admin)).status).toBe(404);
    expect((await entries()).map((e) => e.action)).toEqual(['notice.delete']);
  });

  it('records one entry for two deletes of one notice at once: one 200, one 404', async () => {
    const notice = await postNotice(admin, 'all');
    await clearLog();
    const both = await Promise.all([deleteNotice(notice, admin), deleteNotice(notice, admin)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await entries()).map((e) => e.target_id)).toEqual([String(notice)]);
  });

  it('records one entry per CSV export, with no target', async () => {
    await clearLog();
    const first = await exportCsv('192.0.2.9');
    expect(first.status).toBe(200);
    expect(String(first.body)).toContain('token,type');
    expect((await exportCsv('192.0.2.10')).status).toBe(200);
    expect(await entries()).toMatchObject([
      {
        actor_id: admin.id,
        actor_role: 'admin',
        action: 'complaints.export',
        target_type: null,
        target_id: null,
        ip: '192.0.2.9',
      },
      { action: 'complaints.export', ip: '192.0.2.10' },
    ]);
  });

  it('writes the entry in the action’s own transaction: when it cannot be written, the approval, the delete and the export fail and change nothing', async () => {
    const notice = await postNotice(admin, 'all');
    const approvedBefore = await t.ctx.database.db
      .selectFrom('users')
      .select('approved')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    await clearLog();
    await withoutAuditLog(async () => {
      const approval = await setApproval(pending.id, Number(approvedBefore.approved) !== 1);
      expect(approval.status).toBe(500);
      expect(approval.body).toEqual({ message: expect.any(String) });
      expect((await deleteNotice(notice, admin)).status).toBe(500);
      const csv = await exportCsv();
      expect(csv.status).toBe(500);
      expect(String(csv.body)).not.toContain('token,type');
    });
    const approvedAfter = await t.ctx.database.db
      .selectFrom('users')
      .select('approved')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(Number(approvedAfter.approved)).toBe(Number(approvedBefore.approved));
    const kept = await t.ctx.database.db
      .selectFrom('notifications')
      .select('id')
      .where('id', '=', notice)
      .executeTakeFirst();
    expect(kept).toBeDefined();
    expect(await entries()).toEqual([]);
    // and with the log back, the same actions go through and are recorded
    expect((await deleteNotice(notice, admin)).status).toBe(200);
    expect((await entries()).map((e) => e.action)).toEqual(['notice.delete']);
  });
});

// 2026-03-10 00:00 in Asia/Kolkata (UTC+5:30) is 2026-03-09 18:30 UTC
const KOLKATA_MIDNIGHT_10 = Date.UTC(2026, 2, 9, 18, 30);

describe('GET /api/admin/audit', () => {
  let other: Built;
  /** the entries written below, oldest first, by their ids */
  const written: Record<string, number> = {};

  beforeAll(async () => {
    await clearLog();
    other = await buildAdmin(t, { name: 'Meera Iyer', email: 'm.iyer_desk@example.org' });
    const asAdmin: AuditActor = { id: admin.id, name: admin.user.name, role: 'admin' };
    const asOther: AuditActor = { id: other.id, name: other.user.name, role: 'admin' };
    const rows: [string, AuditActor, TAuditAction, number][] = [
      // the last minute of 9 March in Kolkata
      ['late9', asAdmin, 'authority.approve', KOLKATA_MIDNIGHT_10 - 1],
      // the first minute of 10 March
      ['early10', asOther, 'notice.delete', KOLKATA_MIDNIGHT_10],
      ['export10', asAdmin, 'complaints.export', KOLKATA_MIDNIGHT_10 + 12 * 3600_000],
      // the last moment of 10 March, from the command line
      ['cli10', null, 'admin.create', KOLKATA_MIDNIGHT_10 + 24 * 3600_000 - 1],
      // the first moment of 12 March
      ['early12', asOther, 'authority.withdraw', KOLKATA_MIDNIGHT_10 + 48 * 3600_000],
    ];
    for (const [name, actor, action, at] of rows) {
      await recordAudit(t.ctx.database.db, {
        actor,
        action,
        target: action === 'complaints.export' || actor === null ? null : { type: 'user', id: warden.id },
        ip: actor ? '203.0.113.1' : null,
        at,
      });
      const { id } = await t.ctx.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      written[name] = Number(id);
    }
  });

  it('lists the entries newest first, with at as an ISO time and their actor, target and address', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 5, page: 1, pageSize: 20 });
    expect(ids(res)).toEqual(
      ['early12', 'cli10', 'export10', 'early10', 'late9'].map((name) => written[name]),
    );
    expect(res.body.data[0]).toEqual({
      id: written.early12,
      at: '2026-03-11T18:30:00.000Z',
      actor: { id: other.id, name: other.user.name, role: 'admin' },
      action: 'authority.withdraw',
      // a user done to is named, not only numbered (issue 51 row 24: "User #14")
      target: { type: 'user', id: String(warden.id), name: warden.user.name },
      ip: '203.0.113.1',
    });
    // the command line has no actor and no address
    expect(res.body.data[1]).toMatchObject({ actor: null, action: 'admin.create', target: null, ip: null });
  });

  it('filters by actor and by action, and by both', async () => {
    expect(ids(await list(`actor=${other.id}`))).toEqual([written.early12, written.early10]);
    expect(ids(await list('action=complaints.export'))).toEqual([written.export10]);
    expect((await list(`actor=${other.id}&action=notice.delete`)).body).toMatchObject({
      count: 1,
      data: [{ id: written.early10 }],
    });
    expect((await list(`actor=${warden.id}`)).body).toMatchObject({ count: 0, data: [] });
    // empty values are no values, as the web's blank filters send them
    expect((await list('actor=&action=&from=&to=')).body.count).toBe(5);
  });

  it('filters by a part of the actor’s name or email, in any case', async () => {
    const byOther = [written.early12, written.early10];
    expect(ids(await list('who=meera'))).toEqual(byOther);
    expect(ids(await list('who=IYER'))).toEqual(byOther);
    expect(ids(await list(`who=${encodeURIComponent('M.IYER_DESK@EXAMPLE')}`))).toEqual(byOther);
    expect(ids(await list(`who=${encodeURIComponent(admin.user.name)}`))).toEqual([
      written.export10,
      written.late9,
    ]);
    expect(ids(await list('who=meera&action=notice.delete'))).toEqual([written.early10]);
    // white space alone is no filter, as an emptied field sends it
    expect((await list('who=%20%20')).body.count).toBe(5);
  });

  it('takes LIKE’s signs in who as text', async () => {
    // "_" is in Meera's email; as a wildcard it would match every one-character gap
    expect(ids(await list('who=iyer_desk'))).toEqual([written.early12, written.early10]);
    expect(ids(await list('who=iyer%5Fd'))).toEqual([written.early12, written.early10]);
    // "a_i" as a wildcard would match "Meera Iyer"
    expect((await list('who=a_i')).body.count).toBe(0);
    expect((await list('who=%25')).body.count).toBe(0);
    expect((await list('who=%5C')).body.count).toBe(0);
  });

  it('filters by days of TIME_ZONE, both ends included', async () => {
    const day10 = await list('from=2026-03-10&to=2026-03-10');
    expect(ids(day10)).toEqual([written.cli10, written.export10, written.early10]);
    expect(day10.body.count).toBe(3);
    expect(ids(await list('to=2026-03-09'))).toEqual([written.late9]);
    expect(ids(await list('from=2026-03-11'))).toEqual([written.early12]);
    // the first moment of 12 March is after 11 March, and on 12 March
    expect(ids(await list('from=2026-03-09&to=2026-03-11'))).toEqual(
      ['cli10', 'export10', 'early10', 'late9'].map((name) => written[name]),
    );
    expect((await list('from=2026-03-09&to=2026-03-12')).body.count).toBe(5);
    expect(ids(await list('from=2026-03-10&action=notice.delete'))).toEqual([written.early10]);
  });

  it('pages by number and by before, with the total in count', async () => {
    const first = await list('pageSize=2');
    expect(first.body).toMatchObject({ count: 5, page: 1, pageSize: 2 });
    expect(ids(first)).toEqual([written.early12, written.cli10]);
    const second = await list('pageSize=2&page=2');
    expect(ids(second)).toEqual([written.export10, written.early10]);
    const third = await list('pageSize=2&page=3');
    expect(ids(third)).toEqual([written.late9]);
    // before: the entries older than the last one shown, the page number only echoed
    const keyset = await list(`pageSize=2&page=2&before=${written.cli10}`);
    expect(keyset.body).toMatchObject({ count: 5, page: 2, pageSize: 2 });
    expect(ids(keyset)).toEqual(ids(second));
    expect(ids(await list(`pageSize=2&before=${written.early10}&actor=${admin.id}`))).toEqual([
      written.late9,
    ]);
    expect(ids(await list('page=4&pageSize=2'))).toEqual([]);
  });

  it.each([
    ['action=admin.delete', 'action', /action must be one of authority\.approve, /],
    ['from=2026-02-30', 'from', /from must be a real day written YYYY-MM-DD/],
    ['to=10-03-2026', 'to', /to must be a real day written YYYY-MM-DD/],
    ['from=1969-12-31', 'from', /from must be between 1970-01-01 and 9998-12-31/],
    ['from=2026-03-11&to=2026-03-10', 'to', /to must not be before from/],
    ['actor=abc', 'actor', /actor must be a user id/],
    ['actor=1.5', 'actor', /actor must be a user id/],
    ['actor=0', 'actor', /actor must be a user id/],
    [`who=${'a'.repeat(101)}`, 'who', /who must be at most 100 characters/],
    ['pageSize=101', 'pageSize', /pageSize must be at most/],
    ['before=x', 'before', /before must be a number/],
  ])('answers 400 naming the field for %s', async (query, field, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('knows every action of the contract', async () => {
    for (const action of AUDIT_ACTIONS) expect((await list(`action=${action}`)).status).toBe(200);
  });

  it('is for admins only: 401 for a visitor, 403 for an authority and a student', async () => {
    expect((await list('', null)).status).toBe(401);
    expect((await list('', warden)).status).toBe(403);
    expect((await list('', await buildStudent(t))).status).toBe(403);
    // the guard runs before the input is judged
    expect((await list('action=nope', null)).status).toBe(401);
  });
});
