import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { authorityBody, checkAuth, codeFor, post, studentBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signup() {
  const body = studentBody(t);
  expect((await post(t, 'student-signup', body)).status).toBe(201);
  return { email: body.email, code: await codeFor(t, body.email) };
}

/** A six-digit code that is not `code`. */
const wrong = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('verify-email', () => {
  it('answers 200 with message, token and user, and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const { email, code } = await signup();
    const res = await post(t, 'verify-email', { email, otp: code });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email verified successfully');
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.token.length).toBeGreaterThanOrEqual(22);
    expect(res.body.user).toMatchObject({ email, role: 'student', approved: true });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`session=${res.body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await checkAuth(t, res.body.token)).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const { email, code } = await signup();
    const res = await post(t, 'verify-email', { email, otp: code });
    const rows = await t.ctx.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === res.body.token)).toBe(false);
  });

  it('answers 400 when the code is used a second time', async () => {
    const { email, code } = await signup();
    expect((await post(t, 'verify-email', { email, otp: code })).status).toBe(200);
    const again = await post(t, 'verify-email', { email, otp: code });
    expect(again.status).toBe(400);
    expect(again.body.token).toBeUndefined();
  });

  it('answers 400 "Invalid or expired code" for a wrong code', async () => {
    const { email, code } = await signup();
    const res = await post(t, 'verify-email', { email, otp: wrong(code) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired code');
    // a wrong try does not spend the code
    expect((await post(t, 'verify-email', { email, otp: code })).status).toBe(200);
  });

  it('answers 400 for a code that is not six digits', async () => {
    const { email } = await signup();
    const res = await post(t, 'verify-email', { email, otp: '12ab' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('otp');
  });

  it('burns the code after 5 wrong tries: then 429 with Retry-After even for the right code', async () => {
    const { email, code } = await signup();
    for (let i = 0; i < 4; i++) {
      const res = await post(t, 'verify-email', { email, otp: wrong(code, i) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid or expired code');
    }
    const fifth = await post(t, 'verify-email', { email, otp: wrong(code, 4) });
    expect(fifth.status).toBe(429);
    const right = await post(t, 'verify-email', { email, otp: code });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.body.token).toBeUndefined();

    // a new code lifts it
    t.clock.advance(61_000);
    expect((await post(t, 'resend-otp', { email })).status).toBe(200);
    expect((await post(t, 'verify-email', { email, otp: await codeFor(t, email) })).status).toBe(200);
  });

  it('answers 400 for a code older than 10 minutes', async () => {
    const { email, code } = await signup();
    t.clock.advance(10 * 60_000 + 1);
    const res = await post(t, 'verify-email', { email, otp: code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired code');
  });

  it('accepts a code just before 10 minutes', async () => {
    const { email, code } = await signup();
    t.clock.advance(10 * 60_000 - 1_000);
    expect((await post(t, 'verify-email', { email, otp: code })).status).toBe(200);
  });

  it('answers 400 for an unknown email', async () => {
    const res = await post(t, 'verify-email', { email: 'ghost@bitmesra.ac.in', otp: '123456' });
    expect(res.status).toBe(400);
  });

  it('does not verify an authority email at the student endpoint', async () => {
    const body = authorityBody();
    expect((await post(t, 'authority-signup', body)).status).toBe(201);
    const code = await codeFor(t, body.email);
    const res = await post(t, 'verify-email', { email: body.email, otp: code });
    expect(res.status).toBe(400);
    expect(res.body.token).toBeUndefined();
    const ok = await post(t, 'verify-authority-email', { email: body.email, otp: code });
    expect(ok.status).toBe(200);
  });

  it('does not verify a student email at the authority endpoint', async () => {
    const { email, code } = await signup();
    expect((await post(t, 'verify-authority-email', { email, otp: code })).status).toBe(400);
    expect((await post(t, 'verify-email', { email, otp: code })).status).toBe(200);
  });

  it('leaves an authority unapproved at verification when AUTHORITY_APPROVAL is admin', async () => {
    expect(t.config.authorityApproval).toBe('admin');
    const body = authorityBody();
    expect((await post(t, 'authority-signup', body)).status).toBe(201);
    const res = await post(t, 'verify-authority-email', {
      email: body.email,
      otp: await codeFor(t, body.email),
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'authority', approved: false });
  });

  it('approves an authority at verification when AUTHORITY_APPROVAL is none', async () => {
    const other = await createTestApp({ config: { authorityApproval: 'none' } });
    try {
      const body = authorityBody();
      expect((await post(other, 'authority-signup', body)).status).toBe(201);
      const res = await post(other, 'verify-authority-email', {
        email: body.email,
        otp: await codeFor(other, body.email),
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ role: 'authority', approved: true });
    } finally {
      await other.close();
    }
  });
});

describe('resend-otp', () => {
  it('answers 429 with Retry-After within 60 s of the signup', async () => {
    const { email } = await signup();
    t.clock.advance(30_000);
    const res = await post(t, 'resend-otp', { email });
    expect(res.status).toBe(429);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(30);
  });

  it('mails a new code after 61 s, and the old code stops working', async () => {
    const { email, code: oldCode } = await signup();
    const before = await lastMail(t, email);
    t.clock.advance(61_000);
    const res = await post(t, 'resend-otp', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OTP resent successfully' });
    const after = await lastMail(t, email);
    expect(after!.id).not.toBe(before!.id);
    const newCode = after!.code!;
    if (newCode !== oldCode) {
      expect((await post(t, 'verify-email', { email, otp: oldCode })).status).toBe(400);
    }
    expect((await post(t, 'verify-email', { email, otp: newCode })).status).toBe(200);
  });

  it('answers the same 200 for an unknown email and mails nothing', async () => {
    const res = await post(t, 'resend-otp', { email: 'nobody-here@bitmesra.ac.in' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OTP resent successfully' });
    expect(await lastMail(t, 'nobody-here@bitmesra.ac.in')).toBeUndefined();
  });

  it('mails a new code to a pending authority at resend-authority-otp', async () => {
    const body = authorityBody();
    expect((await post(t, 'authority-signup', body)).status).toBe(201);
    const first = await lastMail(t, body.email);
    t.clock.advance(61_000);
    expect((await post(t, 'resend-otp', { email: body.email })).status).toBe(200);
    expect((await lastMail(t, body.email))!.id).toBe(first!.id);
    // the student route spent the address's minute as if it had mailed (it answers alike)
    t.clock.advance(61_000);
    expect((await post(t, 'resend-authority-otp', { email: body.email })).status).toBe(200);
    expect((await lastMail(t, body.email))!.id).not.toBe(first!.id);
  });
});
