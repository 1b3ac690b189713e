import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAuthority, buildStudent, DEFAULT_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { checkAuth, codeFor, newIp, PASSWORD, post, studentBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A login from its own client address, so address throttling never leaks between tests. */
const login = (
  role: string,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  ip = newIp(),
) => post(t, `${role}-login`, { email, password, ...extra }, { remoteAddress: ip });

describe('student-login', () => {
  it('answers 200 with token and user for the right password', async () => {
    const s = await buildStudent(t);
    const res = await login('student', s.email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: s.id, role: 'student', email: s.email });
    expect(res.body.user.password).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect(String(res.headers['set-cookie'])).toContain(`session=${res.body.token}`);
    expect((await checkAuth(t, res.body.token)).status).toBe(200);
  });

  it('accepts the email in another case and with surrounding spaces', async () => {
    const s = await buildStudent(t);
    const res = await login('student', `  ${s.email.toUpperCase()} `, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('answers 404 "User does not exist" for an unknown email', async () => {
    const res = await login('student', 'nobody@bitmesra.ac.in', 'whatever-123');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User does not exist');
  });

  it('answers 401 "Incorrect password" for a wrong password', async () => {
    const s = await buildStudent(t);
    const res = await login('student', s.email, 'wrong-password');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Incorrect password');
    expect(res.body.token).toBeUndefined();
  });

  it('answers 403 "Please verify your email first" for an unverified account with the right password', async () => {
    const body = studentBody(t);
    expect((await post(t, 'student-signup', body)).status).toBe(201);
    const res = await login('student', body.email, PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Please verify your email first');
    expect(res.body.token).toBeUndefined();
  });

  it('answers 401 for an unverified account with a wrong password', async () => {
    const body = studentBody(t);
    expect((await post(t, 'student-signup', body)).status).toBe(201);
    const res = await login('student', body.email, 'wrong-password');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Incorrect password');
  });

  it('signs in after verification', async () => {
    const body = studentBody(t);
    expect((await post(t, 'student-signup', body)).status).toBe(201);
    expect(
      (await post(t, 'verify-email', { email: body.email, otp: await codeFor(t, body.email) })).status,
    ).toBe(200);
    expect((await login('student', body.email, PASSWORD)).status).toBe(200);
  });
});

describe('authority-login and admin-login', () => {
  it('sign in their own role', async () => {
    const a = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const adm = await buildAdmin(t);
    const ra = await login('authority', a.email, DEFAULT_PASSWORD);
    expect(ra.status).toBe(200);
    expect(ra.body.user).toMatchObject({ role: 'authority', designation: 'Warden', hostelNo: 3 });
    const rd = await login('admin', adm.email, DEFAULT_PASSWORD);
    expect(rd.status).toBe(200);
    expect(rd.body.user.role).toBe('admin');
  });

  for (const role of ['authority', 'admin'] as const) {
    it(`${role}-login answers 401 "Invalid credentials" for an unknown email, a wrong password and an unverified account`, async () => {
      const own = role === 'admin' ? await buildAdmin(t) : await buildAuthority(t, 'Other');
      const unverified =
        role === 'admin' ? await buildAdmin(t, { verified: 0 }) : await buildAuthority(t, 'Other');
      if (role === 'authority') {
        await t.ctx.database.db
          .updateTable('users')
          .set({ verified: 0 })
          .where('id', '=', unverified.id)
          .execute();
      }
      for (const [email, password] of [
        ['nobody@example.org', DEFAULT_PASSWORD],
        [own.email, 'wrong-password'],
        [unverified.email, DEFAULT_PASSWORD],
      ] as const) {
        const res = await login(role, email, password);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: 'Invalid credentials' });
      }
    });
  }

  it('a student cannot sign in at authority-login or admin-login', async () => {
    const s = await buildStudent(t);
    for (const role of ['authority', 'admin']) {
      const res = await login(role, s.email, DEFAULT_PASSWORD);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid credentials');
    }
  });

  it('an authority cannot sign in at student-login or admin-login', async () => {
    const a = await buildAuthority(t, 'Other');
    expect((await login('student', a.email, DEFAULT_PASSWORD)).status).toBe(404);
    expect((await login('admin', a.email, DEFAULT_PASSWORD)).status).toBe(401);
  });

  it('an admin cannot sign in at student-login or authority-login', async () => {
    const adm = await buildAdmin(t);
    expect((await login('student', adm.email, DEFAULT_PASSWORD)).status).toBe(404);
    expect((await login('authority', adm.email, DEFAULT_PASSWORD)).status).toBe(401);
  });
});

describe('session lifetime', () => {
  it('lasts 30 days with remember: true', async () => {
    const s = await buildStudent(t);
    const res = await login('student', s.email, DEFAULT_PASSWORD, { remember: true });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    t.clock.advance(13 * 3600_000);
    expect((await checkAuth(t, res.body.token)).status).toBe(200);
    t.clock.advance(30 * 24 * 3600_000 - 13 * 3600_000 + 1);
    expect((await checkAuth(t, res.body.token)).status).toBe(401);
  });

  it('lasts 12 hours without remember', async () => {
    const s = await buildStudent(t);
    const res = await login('student', s.email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    t.clock.advance(12 * 3600_000 - 1_000);
    expect((await checkAuth(t, res.body.token)).status).toBe(200);
    t.clock.advance(1_001);
    const expired = await checkAuth(t, res.body.token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBeTruthy();
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 10 failures of one account from one address, even with the right password', async () => {
    const s = await buildStudent(t);
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect((await login('student', s.email, `wrong-${i}-pass`, {}, ip)).status).toBe(401);
    }
    const res = await login('student', s.email, DEFAULT_PASSWORD, {}, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.token).toBeUndefined();
    // other accounts are untouched
    const other = await buildStudent(t);
    expect((await login('student', other.email, DEFAULT_PASSWORD, {}, ip)).status).toBe(200);
    // and the block ends
    t.clock.advance(Number(res.headers['retry-after']) * 1000 + 1);
    expect((await login('student', s.email, DEFAULT_PASSWORD, {}, ip)).status).toBe(200);
  });

  it('throttles authority-login per account and address the same way', async () => {
    const a = await buildAuthority(t, 'Other');
    const ip = newIp();
    for (let i = 0; i < 10; i++)
      expect((await login('authority', a.email, 'wrong-pass', {}, ip)).status).toBe(401);
    expect((await login('authority', a.email, DEFAULT_PASSWORD, {}, ip)).status).toBe(429);
  });

  it("a successful login gives back its own try but forgets no failure: only the owner's device cookie is exempt", async () => {
    const s = await buildStudent(t);
    for (let i = 0; i < 9; i++) expect((await login('student', s.email, 'wrong-pass')).status).toBe(401);
    expect((await login('student', s.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await login('student', s.email, 'wrong-pass')).status).toBe(401);
    expect((await login('student', s.email, DEFAULT_PASSWORD)).status).toBe(429);
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const s = await buildStudent(t);
    const time = async (email: string) => {
      const start = performance.now();
      await login('student', email, 'wrong-password');
      return performance.now() - start;
    };
    // warm up both paths (the dummy hash is made on first use)
    await time('warmup@bitmesra.ac.in');
    await time(s.email);
    // medians of interleaved pairs, so one request slowed by a busy machine (four test workers on two cores)
    // cannot tip the ratio; without the dummy hash an unknown email answers in under a tenth of the time
    const unknown: number[] = [];
    const wrongPassword: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await time(`unknown${i}@bitmesra.ac.in`));
      wrongPassword.push(await time(s.email));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(unknown) / median(wrongPassword)).toBeGreaterThanOrEqual(0.4);
  });
});

describe('check-auth and logout', () => {
  it('check-auth answers the user for a Bearer token', async () => {
    const s = await buildStudent(t);
    const res = await checkAuth(t, s.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(s.user);
  });

  it('check-auth answers the user for the session cookie', async () => {
    const s = await buildStudent(t);
    const res = await checkAuth(t, undefined, s.token);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(s.id);
  });

  it('check-auth answers 401 without a token, and with a made-up one', async () => {
    expect((await checkAuth(t)).status).toBe(401);
    expect((await checkAuth(t, 'x'.repeat(43))).status).toBe(401);
    expect((await checkAuth(t, undefined, 'x'.repeat(43))).status).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const s = await buildStudent(t);
    const other = await login('student', s.email, DEFAULT_PASSWORD);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out successfully' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^session=;/);
    const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
    const maxAge = /Max-Age=(-?\d+)/i.exec(cookie)?.[1];
    expect(maxAge === '0' || (expires !== undefined && Date.parse(expires) < Date.now())).toBe(true);
    expect((await checkAuth(t, s.token)).status).toBe(401);
    expect((await checkAuth(t, undefined, s.token)).status).toBe(401);
    // only that session: the other device stays signed in
    expect((await checkAuth(t, other.body.token)).status).toBe(200);
  });

  it('logout with the cookie revokes that session', async () => {
    const s = await buildStudent(t);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', cookies: { session: s.token } });
    expect(res.status).toBe(200);
    expect((await checkAuth(t, s.token)).status).toBe(401);
  });

  it('logout without a session answers 200', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/logout' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out successfully' });
  });
});
