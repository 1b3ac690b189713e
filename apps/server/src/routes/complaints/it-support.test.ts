/** CONTRACT 5.8: College IT Support complaints (campus Wi-Fi) reach the Network Department. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { itSupportToNetwork } from '../../db/migrations/007-it-support-to-network';
import { bumpCounters } from '../../services/complaints/counters';

let t: TestApp;
let network: Built;
let student: Built;
beforeAll(async () => {
  t = await createTestApp();
  network = await buildAuthority(t, 'Network Department');
  student = await buildStudent(t);
});
afterAll(async () => t.close());

const file = async (subType: string, description: string) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: { type: 'College', subType, description },
  });
  expect(res.status).toBe(201);
  return res.body.complaint as { id: number; token: string };
};
const networkList = async () =>
  (await t.request({ method: 'GET', url: '/api/complaints/authority?pageSize=100', token: network.token }))
    .body;

describe('the Network Department and IT Support', () => {
  it('sees, looks up, updates and is mailed about a College IT Support complaint, and not about the library', async () => {
    const wifi = await file(
      'IT Support',
      'The Wi-Fi in the main library reading hall drops every few minutes.',
    );
    const library = await file('Library', 'The library closed an hour early.');
    const list = await networkList();
    expect(list.data.map((c: { token: string }) => c.token)).toEqual([wifi.token]);
    expect(list.stats).toMatchObject({ total: 1, pending: 1 });
    expect(
      (await t.request({ method: 'GET', url: `/api/complaints/${wifi.token}`, token: network.token })).status,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/complaints/${library.token}`, token: network.token }))
        .status,
    ).toBe(404);
    const update = await t.request({
      method: 'PUT',
      url: `/api/complaints/${wifi.id}`,
      token: network.token,
      payload: { status: 'In Progress', remarks: 'Access point being replaced' },
    });
    expect(update.status).toBe(200);
    const mails = await t.ctx.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_addr', '=', network.email)
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(wifi.token)]);
  });

  it('takes in the IT Support complaints filed before the change, with their counts (migration 007)', async () => {
    const old = await file('IT Support', 'The lab network port does not work.');
    // as it was stored before CONTRACT 5.8: not flagged, not counted for the network
    await t.ctx.database.db
      .updateTable('complaints')
      .set({ is_network: 0 })
      .where('id', '=', old.id)
      .execute();
    await bumpCounters(t.ctx.database.db, { 'c:network:Pending': -1 });
    const before = await networkList();
    expect(before.data.map((c: { token: string }) => c.token)).not.toContain(old.token);

    await itSupportToNetwork().up!(t.ctx.database.db as never);
    const after = await networkList();
    expect(after.data.map((c: { token: string }) => c.token)).toContain(old.token);
    expect(after.stats.total).toBe(after.data.length);
    expect(after.stats.pending).toBe(
      after.data.filter((c: { status: string }) => c.status === 'Pending').length,
    );
  });
});
