import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let student: Built;
beforeAll(async () => {
  t = await createTestApp();
  student = await buildStudent(t);
});
afterAll(async () => t.close());

const putProfile = (user: Built | null, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/me/profile', token: user?.token, payload: payload as object });

const checkAuth = async (user: Built) =>
  (await t.request({ method: 'GET', url: '/api/auth/check-auth', token: user.token })).body.user;

describe('PUT /api/me/profile (CONTRACT 5.8)', () => {
  it("saves a student's mobile, hostel and room and answers the whole user", async () => {
    const res = await putProfile(student, { mobile: '+91 98765-43210', hostelNo: 4, roomNo: ' 212-B ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...student.user,
      mobile: '9876543210',
      hostelNo: 4,
      roomNo: '212-B',
    });
    // kept: the next check-auth (and every answer carrying the user) has them
    expect(await checkAuth(student)).toMatchObject({ mobile: '9876543210', hostelNo: 4, roomNo: '212-B' });
  });

  it('takes the hostel as text, as a form sends it, and clears hostel and room with null or empty text', async () => {
    const asText = await putProfile(student, { mobile: '09123456789', hostelNo: '13', roomNo: 'G-1' });
    expect(asText.status).toBe(200);
    expect(asText.body.data).toMatchObject({ mobile: '9123456789', hostelNo: 13, roomNo: 'G-1' });

    const cleared = await putProfile(student, { mobile: '9123456789', hostelNo: '', roomNo: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ hostelNo: null, roomNo: null });

    await putProfile(student, { mobile: '9123456789', hostelNo: 2, roomNo: '7' });
    const nulls = await putProfile(student, { mobile: '9123456789', hostelNo: null, roomNo: null });
    expect(nulls.body.data).toMatchObject({ hostelNo: null, roomNo: null });
    const left = await putProfile(student, { mobile: '9123456789' });
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ hostelNo: null, roomNo: null });
  });

  it.each([
    [{ mobile: '98765' }, 'mobile', 'Please enter a valid 10-digit mobile number'],
    [{ mobile: '+1 98765 43210' }, 'mobile', 'Please enter a valid 10-digit mobile number'],
    [{ mobile: '' }, 'mobile', 'Please enter your mobile number'],
    [{}, 'mobile', 'Please enter your mobile number'],
    [{ mobile: '9876543210', hostelNo: 14 }, 'hostelNo', 'Please select a hostel number between 1 and 13'],
    [{ mobile: '9876543210', hostelNo: '0' }, 'hostelNo', 'Please select a hostel number between 1 and 13'],
    [{ mobile: '9876543210', hostelNo: 2.5 }, 'hostelNo', 'Please select a hostel number between 1 and 13'],
    [
      { mobile: '9876543210', hostelNo: 3, roomNo: 'x'.repeat(21) },
      'roomNo',
      'Room number must be at most 20 characters',
    ],
    [{ mobile: '9876543210', roomNo: '12' }, 'hostelNo', 'Please select a hostel number between 1 and 13'],
  ])('refuses %j with 400 naming %s', async (payload, field, message) => {
    const before = await checkAuth(student);
    const res = await putProfile(student, payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[0]).toEqual({ field, message });
    expect(await checkAuth(student)).toEqual(before);
  });

  it('refuses a field the contract does not name', async () => {
    const res = await putProfile(student, { mobile: '9876543210', name: 'Someone else' });
    expect(res.status).toBe(400);
  });

  it('is for students only: 401 without a session, 403 for authorities and admins', async () => {
    const body = { mobile: '9876543210', hostelNo: 1, roomNo: '1' };
    expect((await putProfile(null, body)).status).toBe(401);
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
    const refused = await putProfile(warden, body);
    expect(refused.status).toBe(403);
    expect(await checkAuth(warden)).toMatchObject({ hostelNo: 5, roomNo: null });
    expect((await putProfile(await buildAdmin(t), body)).status).toBe(403);
  });

  it("changes only the caller's own row", async () => {
    const other = await buildStudent(t);
    await putProfile(student, { mobile: '9000000001', hostelNo: 6, roomNo: '33' });
    expect(await checkAuth(other)).toEqual(other.user);
  });
});
