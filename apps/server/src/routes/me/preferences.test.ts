/** CONTRACT 5.1: an authority's mail preference for new complaints, on SQLite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { setPref } from '../complaints/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET and PUT /api/me/preferences (CONTRACT 5.1)', () => {
  it('lets only authorities read and set their preference', async () => {
    const other = await buildAuthority(t, 'Other');
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const pref = async (a: Built) =>
      (await t.request({ method: 'GET', url: '/api/me/preferences', token: a.token })).body;
    expect(await pref(other)).toEqual({ data: { newComplaints: 'digest' } });
    expect(await pref(warden)).toEqual({ data: { newComplaints: 'each' } });
    expect((await setPref(t, warden, 'digest')).body).toEqual({ data: { newComplaints: 'digest' } });
    expect(await pref(warden)).toEqual({ data: { newComplaints: 'digest' } });
    expect((await setPref(t, warden, 'weekly')).status).toBe(400);
    for (const who of [await buildStudent(t), await buildAdmin(t)]) {
      expect((await t.request({ method: 'GET', url: '/api/me/preferences', token: who.token })).status).toBe(
        403,
      );
      expect((await setPref(t, who, 'off')).status).toBe(403);
    }
  });
});
