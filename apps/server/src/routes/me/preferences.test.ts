/** CONTRACT 5.1 and 6.3: an authority's mail preference, every role's channels, on SQLite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { file, hostelComplaint, mailsTo, say, setPref, update } from '../complaints/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const pref = async (a: Built) =>
  (await t.request({ method: 'GET', url: '/api/me/preferences', token: a.token })).body;
const put = (a: Built, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/me/preferences', token: a.token, payload });

describe('GET and PUT /api/me/preferences (CONTRACT 5.1, 6.3)', () => {
  it("reads and sets an authority's new-complaints preference, with email and push on by default", async () => {
    const other = await buildAuthority(t, 'Other');
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    expect(await pref(other)).toEqual({ data: { newComplaints: 'digest', email: true, push: true } });
    expect(await pref(warden)).toEqual({ data: { newComplaints: 'each', email: true, push: true } });
    expect((await setPref(t, warden, 'digest')).body).toEqual({
      data: { newComplaints: 'digest', email: true, push: true },
    });
    expect(await pref(warden)).toEqual({ data: { newComplaints: 'digest', email: true, push: true } });
    expect((await setPref(t, warden, 'weekly')).status).toBe(400);
  });

  it('gives every role email and push, and refuses newComplaints to students and admins with 403', async () => {
    for (const who of [await buildStudent(t), await buildAdmin(t)]) {
      expect(await pref(who)).toEqual({ data: { email: true, push: true } });
      expect((await put(who, { push: false })).body).toEqual({ data: { email: true, push: false } });
      expect((await put(who, { email: false })).body).toEqual({ data: { email: false, push: false } });
      expect(await pref(who)).toEqual({ data: { email: false, push: false } });
      expect((await setPref(t, who, 'off')).status).toBe(403);
    }
  });

  it('changes only what is given, and names a wrong field with 400', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 4 });
    expect((await put(warden, { email: false })).body.data).toEqual({
      newComplaints: 'each',
      email: false,
      push: true,
    });
    const bad = await put(warden, { push: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: 'push', message: 'email and push must be true or false' });
    expect((await put(warden, {})).status).toBe(400);
    expect((await put(warden, { email: true, sms: true })).status).toBe(400);
  });

  it('mails no event to a user who turned email off, and still mails their codes', async () => {
    const student = await buildStudent(t);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 6 });
    await put(student, { email: false });
    await put(warden, { email: false });
    const c = await file(t, student, hostelComplaint(6));
    expect(await mailsTo(t, warden.email)).toEqual([]);
    expect((await update(t, warden, c.id, 'In Progress')).status).toBe(200);
    expect((await say(t, warden, c.id, 'Coming at five')).status).toBe(201);
    expect(await mailsTo(t, student.email)).toEqual([]);
    // a reset code is not an event: it is mailed whatever the preference
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: student.email, role: 'student' },
    });
    expect(reset.status).toBe(200);
    expect(await mailsTo(t, student.email)).toHaveLength(1);
  });
});
