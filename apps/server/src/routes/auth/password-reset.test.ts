import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthority, buildStudent, DEFAULT_PASSWORD, lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { checkAuth, newIp, post, studentBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const forgot = (email: string, role = 'student', ip = newIp()) =>
  post(t, 'forgot-password', { email, role }, { remoteAddress: ip });
const reset = (body: Record<string, unknown>, ip = newIp()) =>
  post(
    t,
    'reset-password',
    { role: 'student', newPassword: 'brand-new-pass-1', ...body },
    { remoteAddress: ip },
  );
const mailCount = async (to: string) =>
  (await t.ctx.database.db.selectFrom('mail_outbox').select('id').where('to_addr', '=', to).execute()).length;

async function resetCode(email: string, role = 'student') {
  expect((await forgot(email, role)).status).toBe(200);
  const mail = await lastMail(t, email);
  expect(mail?.subject).toMatch(/reset/i);
  return mail!.code!;
}

describe('forgot-password', () => {
  it('answers the same 200 message for an existing and a missing account, and mails only the existing one', async () => {
    const s = await buildStudent(t);
    const missing = 'nobody-at-all@bitmesra.ac.in';
    const a = await forgot(s.email);
    const b = await forgot(missing);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(a.body.message).toBeTruthy();
    expect(await mailCount(s.email)).toBe(1);
    expect((await lastMail(t, s.email))!.code).toMatch(/^\d{6}$/);
    expect(await mailCount(missing)).toBe(0);
  });

  it('mails nothing when the role does not match the account', async () => {
    const s = await buildStudent(t);
    expect((await forgot(s.email, 'authority')).status).toBe(200);
    expect(await mailCount(s.email)).toBe(0);
  });

  it('answers 429 with Retry-After to a second request within 60 s, for an existing and a missing account', async () => {
    const s = await buildStudent(t);
    expect((await forgot(s.email)).status).toBe(200);
    const again = await forgot(s.email);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailCount(s.email)).toBe(1);

    const missing = 'missing-twice@bitmesra.ac.in';
    expect((await forgot(missing)).status).toBe(200);
    expect((await forgot(missing)).status).toBe(429);

    t.clock.advance(61_000);
    expect((await forgot(s.email)).status).toBe(200);
    expect(await mailCount(s.email)).toBe(2);
  });
});

describe('reset-password', () => {
  it('sets the new password, revokes every session, and the old password stops working', async () => {
    const s = await buildStudent(t);
    const second = await post(t, 'student-login', { email: s.email, password: DEFAULT_PASSWORD });
    expect(second.status).toBe(200);
    const code = await resetCode(s.email);
    const res = await reset({ email: s.email, otp: code });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect((await checkAuth(t, s.token)).status).toBe(401);
    expect((await checkAuth(t, second.body.token)).status).toBe(401);
    expect((await post(t, 'student-login', { email: s.email, password: 'brand-new-pass-1' })).status).toBe(
      200,
    );
    const old = await post(t, 'student-login', { email: s.email, password: DEFAULT_PASSWORD });
    expect(old.status).toBe(401);
    // the code is single use
    expect((await reset({ email: s.email, otp: code, newPassword: 'third-pass-123' })).status).toBe(400);
  });

  it('works for an authority with role authority', async () => {
    const a = await buildAuthority(t, 'Other');
    const code = await resetCode(a.email, 'authority');
    expect((await reset({ email: a.email, otp: code, role: 'authority' })).status).toBe(200);
    expect((await post(t, 'authority-login', { email: a.email, password: 'brand-new-pass-1' })).status).toBe(
      200,
    );
  });

  it('answers 400 for the wrong role and leaves the password alone', async () => {
    const s = await buildStudent(t);
    const code = await resetCode(s.email);
    const res = await reset({ email: s.email, otp: code, role: 'authority' });
    expect(res.status).toBe(400);
    expect((await checkAuth(t, s.token)).status).toBe(200);
    expect((await post(t, 'student-login', { email: s.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it('answers 400 for an invalid role and for a short new password', async () => {
    const s = await buildStudent(t);
    const bad = await reset({ email: s.email, otp: '123456', role: 'dean' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid role');
    const short = await reset({ email: s.email, otp: '123456', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');
  });

  it('answers 400 with a verification code instead of a reset code', async () => {
    const body = studentBody(t);
    expect((await post(t, 'student-signup', body)).status).toBe(201);
    const verifyCode = (await lastMail(t, body.email))!.code!;
    expect((await reset({ email: body.email, otp: verifyCode })).status).toBe(400);
  });

  it('answers 429 after the code is burned by wrong tries, even for the right code', async () => {
    const s = await buildStudent(t);
    const code = await resetCode(s.email);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const res = await reset({ email: s.email, otp: wrong });
      expect([400, 429]).toContain(res.status);
    }
    const res = await reset({ email: s.email, otp: code });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(t, 'student-login', { email: s.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });
});
