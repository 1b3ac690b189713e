/**
 * CONTRACT 6.5 and 6.7: declaring an incident and changing its status are audited (`incident.declare`,
 * `incident.update`, the incident as target), by authorities as by admins, in the action's own
 * transaction; a refused declaration or update leaves no entry. On SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  buildAdmin,
  buildAuthority,
  buildIncident,
  buildStudent,
  declareIncident,
  incidentOf,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { file, hostelComplaint } from '../complaints/test-helpers';

const H = 4;
let t: TestApp;
let warden: Built;
let otherWarden: Built;
let admin: Built;

beforeAll(async () => {
  t = await createTestApp();
  warden = await buildAuthority(t, 'Warden', { hostelNo: H });
  otherWarden = await buildAuthority(t, 'Warden', { hostelNo: H + 1 });
  admin = await buildAdmin(t);
});
afterAll(async () => t.close());

const entries = () => t.ctx.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const clearLog = () => t.ctx.database.db.deleteFrom('audit_log').execute();

const declare = (who: Built, payload: Record<string, unknown>, ip = '203.0.113.20') =>
  declareIncident(t, who, payload, ip);

const put = (who: Built, id: number, status: string, ip = '203.0.113.21') =>
  t.request({
    method: 'PUT',
    url: `/api/incidents/${id}`,
    token: who.token,
    payload: { status, remarks: 'Pump repaired' },
    remoteAddress: ip,
  });

const water = incidentOf('Water supply off in Block C', hostelComplaint(H, 'Plumbing'));

const declared = async (who: Built = warden) => (await buildIncident(t, who, water)).id;

describe('incident actions in the audit log', () => {
  it('records a declaration by an authority once, with the warden, the incident and the address', async () => {
    const filed = await file(t, await buildStudent(t), hostelComplaint(H, 'Plumbing'));
    await clearLog();
    const res = await declare(warden, { ...water, complaintIds: [filed.id] }, '203.0.113.30');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await entries()).toMatchObject([
      {
        at: t.clock.now(),
        actor_id: warden.id,
        actor_name: warden.user.name,
        actor_role: 'authority',
        action: 'incident.declare',
        target_type: 'incident',
        target_id: String(res.body.data.id),
        ip: '203.0.113.30',
      },
    ]);
  });

  it('records a declaration by an admin once, with the admin as actor', async () => {
    await clearLog();
    const res = await declare(admin, { title: 'Library lights out', type: 'College', subType: 'Library' });
    expect(res.status).toBe(201);
    const log = await entries();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor_id: admin.id,
      actor_role: 'admin',
      action: 'incident.declare',
      target_type: 'incident',
      target_id: String(res.body.data.id),
    });
  });

  it('records each status change of an incident once, with the authority, the incident and the address', async () => {
    const id = await declared();
    const student = await buildStudent(t);
    const filed = await file(t, student, hostelComplaint(H, 'Plumbing'));
    const link = await t.request({
      method: 'POST',
      url: `/api/incidents/${id}/complaints`,
      token: warden.token,
      payload: { complaintIds: [filed.id] },
    });
    expect(link.status).toBe(200);
    await clearLog();
    expect((await put(warden, id, 'In Progress', '198.51.100.40')).status).toBe(200);
    t.clock.advance(60_000);
    expect((await put(warden, id, 'Resolved', '198.51.100.41')).status).toBe(200);
    expect(await entries()).toMatchObject([
      {
        actor_id: warden.id,
        actor_name: warden.user.name,
        actor_role: 'authority',
        action: 'incident.update',
        target_type: 'incident',
        target_id: String(id),
        ip: '198.51.100.40',
      },
      { actor_id: warden.id, action: 'incident.update', target_id: String(id), ip: '198.51.100.41' },
    ]);
  });

  it('writes no entry for a declaration or an update that is refused', async () => {
    const id = await declared();
    await clearLog();
    // out of scope, a student, a bad title, an admin's status change, another hostel's warden, no such incident
    expect((await declare(otherWarden, water)).status).toBe(403);
    expect((await declare(await buildStudent(t), water)).status).toBe(403);
    expect((await declare(warden, { ...water, title: 'x'.repeat(121) })).status).toBe(400);
    expect((await declare(warden, { ...water, complaintIds: [999_999] })).status).toBe(400);
    expect((await put(admin, id, 'In Progress')).status).toBe(403);
    expect((await put(otherWarden, id, 'In Progress')).status).toBe(404);
    expect((await put(warden, 999_999, 'In Progress')).status).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it('declares and updates nothing when the entry cannot be written: the entry is in the action’s transaction', async () => {
    const id = await declared();
    const incidents = async () =>
      (await t.ctx.database.db.selectFrom('incidents').select(['id', 'status']).orderBy('id').execute()).map(
        (r) => ({ id: Number(r.id), status: r.status }),
      );
    const before = await incidents();
    await sql`alter table audit_log rename to audit_log_away`.execute(t.ctx.database.db);
    try {
      expect((await declare(warden, water)).status).toBe(500);
      expect((await put(warden, id, 'In Progress')).status).toBe(500);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(t.ctx.database.db);
    }
    expect(await incidents()).toEqual(before);
  });

  it('lists them in GET /api/admin/audit, filtered by action', async () => {
    await clearLog();
    const id = await declared();
    expect((await put(warden, id, 'In Progress')).status).toBe(200);
    const all = await t.request({ method: 'GET', url: '/api/admin/audit', token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject([
      {
        actor: { id: warden.id, name: warden.user.name, role: 'authority' },
        action: 'incident.update',
        target: { type: 'incident', id: String(id) },
      },
      {
        actor: { id: warden.id, role: 'authority' },
        action: 'incident.declare',
        target: { type: 'incident', id: String(id) },
      },
    ]);
    const declares = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=incident.declare',
      token: admin.token,
    });
    expect(declares.body.data.map((e: { action: string }) => e.action)).toEqual(['incident.declare']);
  });
});
