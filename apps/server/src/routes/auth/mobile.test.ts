import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { authorityBody, codeFor, newIp, post, studentBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Signs up and verifies with this mobile number; answers the user the verification signs in. */
async function signedUpWith(role: 'student' | 'authority', mobile: string) {
  const body = role === 'student' ? studentBody(t, { mobile }) : authorityBody({ mobile });
  const remoteAddress = newIp();
  const signup = await post(t, `${role}-signup`, body, { remoteAddress });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const verify = await post(
    t,
    role === 'student' ? 'verify-email' : 'verify-authority-email',
    { email: body.email, otp: await codeFor(t, body.email) },
    { remoteAddress },
  );
  expect(verify.status).toBe(200);
  return verify.body.user as { mobile: string; roomNo: string | null };
}

describe('mobile numbers at signup (CONTRACT 5.8)', () => {
  it.each([
    ['+91 98765-43210'],
    ['+91 98765 43210'],
    ['+919876543210'],
    ['09876543210'],
    ['98765 43210'],
    ['98765-43210'],
    [' 9876543210 '],
  ])('stores a student\'s "%s" as 9876543210', async (mobile) => {
    const user = await signedUpWith('student', mobile);
    expect(user.mobile).toBe('9876543210');
    expect(user.roomNo).toBeNull();
  });

  it("stores an authority's +91 number as its ten digits", async () => {
    const user = await signedUpWith('authority', '+91 91234-56789');
    expect(user.mobile).toBe('9123456789');
  });

  it.each([
    ['987654321'],
    ['98765432100'],
    ['91 98765 43210'],
    ['+92 98765 43210'],
    ['+91 98765 4321'],
    ['0091 98765 43210'],
    ['(98765) 43210'],
    ['98765.43210'],
    ['९८७६५४३२१०'],
    ['+91'],
  ])('refuses "%s" at both signups with SPEC\'s message', async (mobile) => {
    for (const [path, body] of [
      ['student-signup', studentBody(t, { mobile })],
      ['authority-signup', authorityBody({ mobile })],
    ] as const) {
      const res = await post(t, path, body, { remoteAddress: newIp() });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid 10-digit mobile number');
      expect(res.body.errors[0].field).toBe('mobile');
    }
  });

  it('still asks for a missing or blank mobile number first', async () => {
    const res = await post(t, 'student-signup', studentBody(t, { mobile: '   ' }), {
      remoteAddress: newIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your mobile number');
  });
});
