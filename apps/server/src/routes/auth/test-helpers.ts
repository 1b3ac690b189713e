import { expect } from 'vitest';
import { lastMail } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';

let seq = 0;
/** A value unique within this test process, for emails, roll numbers and client addresses. */
export const uniq = () => `${process.pid}x${++seq}`;

/** A distinct client address per test, so per-address throttles of one test never reach another. */
export const newIp = () => `10.${(seq >> 8) & 255}.${seq++ & 255}.${(process.pid % 250) + 1}`;

export const PASSWORD = 'correct-horse-9';

export function studentBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = uniq();
  return {
    name: `Asha ${n}`,
    rollNo: `BTECH/${n}/23`,
    email: `asha${n}@${t.config.studentEmailDomain}`,
    mobile: '9876543210',
    session: '2023-27',
    department: 'Computer Science',
    password: PASSWORD,
    ...overrides,
  };
}

export function authorityBody(overrides: Record<string, unknown> = {}) {
  const n = uniq();
  return {
    name: `Warden ${n}`,
    email: `warden${n}@example.org`,
    mobile: '9876543210',
    designation: 'Warden',
    department: null,
    hostelNo: 4,
    password: PASSWORD,
    ...overrides,
  };
}

export const post = (t: TestApp, path: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/auth/${path}`, payload: payload as object, ...extra });

export async function codeFor(t: TestApp, email: string): Promise<string> {
  const mail = await lastMail(t, email);
  expect(mail?.code).toMatch(/^\d{6}$/);
  return mail!.code!;
}

/** Signs a student up and verifies it; answers the body used and the verify response. */
export async function verifiedStudent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = studentBody(t, overrides);
  const signup = await post(t, 'student-signup', body);
  expect(signup.status).toBe(201);
  const res = await post(t, 'verify-email', { email: body.email, otp: await codeFor(t, body.email) });
  expect(res.status).toBe(200);
  return { body, token: res.body.token as string, user: res.body.user };
}

export async function checkAuth(t: TestApp, token?: string, cookie?: string) {
  return t.request({
    method: 'GET',
    url: '/api/auth/check-auth',
    token,
    ...(cookie ? { cookies: { session: cookie } } : {}),
  });
}
