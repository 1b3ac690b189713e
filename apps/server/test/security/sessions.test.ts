/**
 * Brute force and sessions: code guessing stops, login throttling holds, a revoked or expired
 * session opens nothing, and the session cookie carries the right flags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS } from '../../src/services/accounts/codes';
import { findSession, SESSION_TTL_MS } from '../../src/services/accounts/sessions';
import { LIMITS } from '../../src/services/accounts/throttle-limits';
import { type Built, buildAdmin, buildAuthority, buildStudent, lastMail } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { freshIp, multipart } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

describe('code guessing', () => {
  it('burns a verification code after 5 wrong tries, so the 6th try with the right code answers 429', async () => {
    const email = `guess${process.pid}@${t.config.studentEmailDomain}`;
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/student-signup',
      payload: {
        name: 'Guess Me',
        rollNo: `BTECH/G${process.pid}/23`,
        email,
        mobile: '9876543210',
        session: '2023-27',
        department: 'Civil',
        password: 'password123',
      },
    });
    expect(signup.status).toBe(201);
    const code = (await lastMail(t, email))?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const verify = (otp: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email, otp },
        remoteAddress: freshIp(),
      });

    const statuses: number[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) statuses.push((await verify(wrongCode(code))).status);
    expect(CODE_MAX_ATTEMPTS).toBe(5);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const sixth = await verify(code);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // the account stayed unverified: no session was made
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      payload: { email, password: 'password123' },
      remoteAddress: freshIp(),
    });
    expect(login.status).toBe(403);

    // a new code (after the resend wait) works again
    t.clock.advance(61_000);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } })).status,
    ).toBe(200);
    const fresh = (await lastMail(t, email))?.code ?? '';
    expect((await verify(fresh)).status).toBe(200);
  });

  it('burns a password-reset code after 5 wrong tries, so the right code then answers 429', async () => {
    const s = await buildStudent(t);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: s.email, role: 'student' },
        })
      ).status,
    ).toBe(200);
    const code = (await lastMail(t, s.email))?.code ?? '';
    const reset = (otp: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: s.email, otp, newPassword: 'new-password-1', role: 'student' },
        remoteAddress: freshIp(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await reset(wrongCode(code))).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[4]).toBe(429);
    const sixth = await reset(code);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeTruthy();
    // the old password still works
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      payload: { email: s.email, password: s.password },
      remoteAddress: freshIp(),
    });
    expect(login.status).toBe(200);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 10 failed logins of one account from one address, and lets the right password in once the window has passed', async () => {
    const a = await buildAuthority(t, 'Other');
    const ip = freshIp();
    const login = (password: string, remoteAddress = ip) =>
      t.request({
        method: 'POST',
        url: '/api/auth/authority-login',
        payload: { email: a.email, password },
        remoteAddress,
      });
    expect(LIMITS.loginPerAccount.max).toBe(10);
    for (let i = 0; i < 10; i++) expect((await login('wrong-password')).status).toBe(401);
    const blocked = await login(a.password);
    expect(blocked.status).toBe(429);
    expect(typeof blocked.body.message).toBe('string');
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LIMITS.loginPerAccount.windowMs / 1000);

    t.clock.advance(LIMITS.loginPerAccount.windowMs - 60_000);
    expect((await login(a.password)).status).toBe(429);
    t.clock.advance(60_000 + 1000);
    const ok = await login(a.password);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
  });

  it("lets the owner's browser in while addresses everywhere hammer the account (no one locks the owner out, CONTRACT 6.5)", async () => {
    const victim = await buildAuthority(t, 'Other');
    const login = (password: string, remoteAddress: string, device?: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/authority-login',
        payload: { email: victim.email, password },
        remoteAddress,
        ...(device ? { cookies: { device } } : {}),
      });
    const first = await login(victim.password, freshIp());
    expect(first.status).toBe(200);
    const device = /device=([^;]+)/.exec(JSON.stringify(first.headers['set-cookie']))![1]!;
    for (let i = 0; i < 30; i++) expect([401, 429]).toContain((await login(`guess-${i}`, freshIp())).status);
    // a stranger's address, even with the right password, waits
    expect((await login(victim.password, freshIp())).status).toBe(429);
    // the owner's browser does not
    expect((await login(victim.password, freshIp(), decodeURIComponent(device))).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Revoked and expired sessions
// ---------------------------------------------------------------------------------------------

type Role = 'student' | 'authority' | 'admin';
interface Protected {
  name: string;
  role: Role;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => Record<string, unknown>;
  multipart?: boolean;
}

/** Fixtures the protected endpoints point at, made by live users. */
const fx = { complaintId: 0, complaintToken: '', noticeId: 0, resolvedId: 0, authorityId: 0 };

const PROTECTED: Protected[] = [
  { name: 'GET /api/auth/check-auth', role: 'student', method: 'GET', url: () => '/api/auth/check-auth' },
  {
    name: 'POST /api/complaints',
    role: 'student',
    method: 'POST',
    url: () => '/api/complaints',
    body: () => ({ type: 'College', subType: 'Canteen', description: 'Cold food' }),
  },
  {
    name: 'GET /api/complaints/student',
    role: 'student',
    method: 'GET',
    url: () => '/api/complaints/student',
  },
  {
    name: 'GET /api/complaints/authority',
    role: 'authority',
    method: 'GET',
    url: () => '/api/complaints/authority',
  },
  {
    name: 'GET /api/complaints/admin/all',
    role: 'admin',
    method: 'GET',
    url: () => '/api/complaints/admin/all',
  },
  {
    name: 'GET /api/complaints/admin/stats',
    role: 'admin',
    method: 'GET',
    url: () => '/api/complaints/admin/stats',
  },
  {
    name: 'GET /api/complaints/:token',
    role: 'student',
    method: 'GET',
    url: () => `/api/complaints/${fx.complaintToken}`,
  },
  {
    name: 'PUT /api/complaints/:id',
    role: 'authority',
    method: 'PUT',
    url: () => `/api/complaints/${fx.complaintId}`,
    body: () => ({ status: 'In Progress', remarks: 'On it' }),
  },
  {
    name: 'POST /api/feedback',
    role: 'student',
    method: 'POST',
    url: () => '/api/feedback',
    body: () => ({ complaintId: fx.resolvedId, rating: 5, comments: 'ok' }),
  },
  { name: 'GET /api/feedback', role: 'admin', method: 'GET', url: () => '/api/feedback' },
  { name: 'GET /api/feedback/pending', role: 'student', method: 'GET', url: () => '/api/feedback/pending' },
  {
    name: 'POST /api/notifications',
    role: 'authority',
    method: 'POST',
    url: () => '/api/notifications',
    multipart: true,
  },
  {
    name: 'DELETE /api/notifications/:id',
    role: 'admin',
    method: 'DELETE',
    url: () => `/api/notifications/${fx.noticeId}`,
  },
  { name: 'GET /api/admin/authorities', role: 'admin', method: 'GET', url: () => '/api/admin/authorities' },
  {
    name: 'PUT /api/admin/authorities/:id',
    role: 'admin',
    method: 'PUT',
    url: () => `/api/admin/authorities/${fx.authorityId}`,
    body: () => ({ approved: true }),
  },
];

async function call(ep: Protected, token: string, via: 'bearer' | 'cookie' = 'bearer') {
  const extra = ep.multipart
    ? await multipart({ title: 'T', message: 'M', hostel: 'all' })
    : ep.body
      ? { payload: ep.body() }
      : {};
  const auth = via === 'bearer' ? { token } : {};
  const headers = {
    ...('headers' in extra ? extra.headers : {}),
    ...(via === 'cookie' ? { cookie: `session=${token}` } : {}),
  };
  return t.request({ method: ep.method, url: ep.url(), ...extra, ...auth, headers });
}

/** A user of each role, with the same live session used as both bearer and cookie. */
type Holders = Record<Role, Built>;
async function holders(): Promise<Holders> {
  return {
    student: await buildStudent(t),
    authority: await buildAuthority(t, 'Other'),
    admin: await buildAdmin(t),
  };
}

async function makeFixtures(h: Holders) {
  // fixtures are remade after every call, far more filings than a student's 20 a day
  // (CONTRACT 5.9): the earlier ones are moved a day back, out of the quota's window
  await t.ctx.database.db
    .updateTable('complaints')
    .set((eb) => ({ created_at: eb('created_at', '-', 25 * 60 * 60 * 1000) }))
    .where('student_id', '=', h.student.id)
    .execute();
  const filed = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: h.student.token,
    payload: { type: 'Hostel', hostelNo: 4, roomNo: '12', subType: 'Fan', description: 'Fan stuck' },
  });
  fx.complaintId = filed.body.complaint.id;
  fx.complaintToken = filed.body.token;
  const resolved = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: h.student.token,
    payload: { type: 'College', subType: 'Library', description: 'Closed early' },
  });
  fx.resolvedId = resolved.body.complaint.id;
  await t.request({
    method: 'PUT',
    url: `/api/complaints/${fx.resolvedId}`,
    token: h.authority.token,
    payload: { status: 'Resolved' },
  });
  const notice = await t.request({
    method: 'POST',
    url: '/api/notifications',
    token: h.admin.token,
    ...(await multipart({ title: 'N', message: 'M', hostel: 'all' })),
  });
  fx.noticeId = notice.body.data.id;
  fx.authorityId = (await buildAuthority(t, 'Warden', { hostelNo: 9, approved: false })).id;
}

/** Every protected endpoint refuses these tokens with 401, by bearer and by cookie. */
async function expectRefusedEverywhere(tokens: Record<Role, string>, label: string) {
  for (const ep of PROTECTED) {
    for (const via of ['bearer', 'cookie'] as const) {
      const res = await call(ep, tokens[ep.role], via);
      expect(res.status, `${label}: ${ep.name} by ${via}: ${JSON.stringify(res.body)}`).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
  }
}

describe('revoked and expired sessions', () => {
  let live: Holders;
  beforeAll(async () => {
    live = await holders();
    await makeFixtures(live);
  });

  it('lets a live session of the right role through every protected endpoint (the control case)', async () => {
    for (const ep of PROTECTED) {
      for (const via of ['bearer', 'cookie'] as const) {
        const res = await call(ep, live[ep.role].token, via);
        expect(res.status, `${ep.name} by ${via}: ${JSON.stringify(res.body)}`).toBeLessThan(400);
        // some endpoints consume their fixture (feedback, delete): fresh ones for the next call
        await makeFixtures(live);
      }
    }
  });

  it('refuses a session ended by logout on every protected endpoint with 401', async () => {
    const h = await holders();
    for (const role of ['student', 'authority', 'admin'] as const) {
      const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: h[role].token });
      expect(out.status).toBe(200);
    }
    await makeFixtures(live);
    await expectRefusedEverywhere(
      { student: h.student.token, authority: h.authority.token, admin: h.admin.token },
      'after logout',
    );
  });

  it('refuses a session ended by logout through the cookie alone', async () => {
    const s = await buildStudent(t);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session=${s.token}` },
    });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^session=;/);
    const res = await t.request({ method: 'GET', url: '/api/auth/check-auth', token: s.token });
    expect(res.status).toBe(401);
  });

  it('refuses every session of an account after a password reset on every protected endpoint with 401', async () => {
    const h = await holders();
    for (const role of ['student', 'authority', 'admin'] as const) {
      const u = h[role];
      const forgot = await t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: u.email, role },
        remoteAddress: freshIp(),
      });
      expect(forgot.status).toBe(200);
      const code = (await lastMail(t, u.email))?.code;
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: u.email, otp: code, newPassword: 'a-brand-new-pass', role },
        remoteAddress: freshIp(),
      });
      expect(reset.status).toBe(200);
    }
    await makeFixtures(live);
    await expectRefusedEverywhere(
      { student: h.student.token, authority: h.authority.token, admin: h.admin.token },
      'after password reset',
    );
  });

  it('refuses a session older than 12 hours on every protected endpoint with 401', async () => {
    const h = await holders();
    await makeFixtures(live);
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/check-auth', token: h.student.token })).status,
    ).toBe(200);
    t.clock.advance(1000);
    await expectRefusedEverywhere(
      { student: h.student.token, authority: h.authority.token, admin: h.admin.token },
      'after 12 hours',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Cookie flags
// ---------------------------------------------------------------------------------------------

function sessionCookie(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [String(raw ?? '')];
  return list.find((c) => c.startsWith('session=')) ?? '';
}

describe('the signed-in user a request carries', () => {
  it('is loaded without the password hash, which no request after sign-in needs', async () => {
    const student = await buildStudent(t);
    const session = await findSession(t.ctx, student.token);
    expect(session?.user.email).toBe(student.email);
    expect(session?.user).not.toHaveProperty('password_hash');
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, without Secure over plain http', async () => {
    const s = await buildStudent(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      payload: { email: s.email, password: s.password },
      remoteAddress: freshIp(),
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers);
    expect(cookie).toContain(`session=${res.body.token}`);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('ignores x-forwarded-proto when the proxy is not trusted', async () => {
    const s = await buildStudent(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      payload: { email: s.email, password: s.password },
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers)).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure (and still HttpOnly, SameSite=Lax) when served over HTTPS behind a trusted proxy', async () => {
    const proxied = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const a: Built = await buildAdmin(proxied);
      const login = (headers: Record<string, string>) =>
        proxied.request({
          method: 'POST',
          url: '/api/auth/admin-login',
          payload: { email: a.email, password: a.password },
          headers,
        });
      const https = await login({ 'x-forwarded-proto': 'https' });
      expect(https.status).toBe(200);
      const cookie = sessionCookie(https.headers);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      // plain http through the same proxy stays without Secure
      const http = await login({ 'x-forwarded-proto': 'http' });
      expect(sessionCookie(http.headers)).not.toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  });
});
