/**
 * CONTRACT 6.5: two-step sign-in (RFC 6238 codes from an authenticator app, recovery codes), its
 * tickets, ADMIN_2FA=required and the command line's reset. Codes are made here with `otpauth`
 * from the secret the set-up answered, at the test clock's time.
 */
import { MSG_SECURITY } from '@bit/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce } from '../../../test/at-once';
import {
  type Built,
  buildAdmin,
  buildAuthority,
  buildStudent,
  DEFAULT_PASSWORD,
} from '../../../test/factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness';
import { createAdmin } from '../../services/accounts/admins';
import { codeFor, newIp, post } from '../auth/test-helpers';

let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  [t, strict] = await Promise.all([createTestApp(), createTestApp({ config: { admin2fa: 'required' } })]);
});
afterAll(async () => Promise.all([t.close(), strict.close()]));

const STEP = 30_000;

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

const me = (app: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) =>
  app.request({ method, url: `/api/me/two-factor${path}`, token, ...(payload ? { payload } : {}) });

/** Sets two-step sign-in up for a user; answers the secret and the recovery codes. */
async function turnOn(app: TestApp, user: Built) {
  const setup = await me(app, user.token, 'POST', '', { password: DEFAULT_PASSWORD });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const confirm = await me(app, user.token, 'POST', '/confirm', { code: codeAt(secret, app.clock.now()) });
  expect(confirm.status).toBe(200);
  // the code just used is spent: move on to the next step for whatever comes next
  app.clock.advance(STEP);
  return { secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

const passwordStep = (app: TestApp, role: string, email: string, extra: Record<string, unknown> = {}) =>
  post(app, `${role}-login`, { email, password: DEFAULT_PASSWORD, ...extra }, { remoteAddress: newIp() });
const codeStep = (app: TestApp, ticket: string, code: string) =>
  post(app, 'two-factor', { ticket, code }, { remoteAddress: newIp() });

const auditOf = (app: TestApp, action: string, userId: number) =>
  app.ctx.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(userId))
    .execute();

describe('setting it up', () => {
  it('answers a base32 secret, its otpauth URL and a QR code, and turns nothing on yet', async () => {
    const admin = await buildAdmin(t);
    const res = await me(t, admin.token, 'POST', '', { password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(res.body.otpauthUrl).toContain(encodeURIComponent(admin.email));
    expect(Buffer.from(res.body.qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    const login = await passwordStep(t, 'admin', admin.email);
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
    expect((await me(t, admin.token, 'GET')).body.data).toEqual({
      on: false,
      required: false,
      recoveryCodesLeft: 0,
    });
  });

  it('refuses a wrong code at confirmation with 400 on the code field, and stays off', async () => {
    const admin = await buildAdmin(t);
    const { secret } = (await me(t, admin.token, 'POST', '', { password: DEFAULT_PASSWORD })).body;
    const wrong = codeAt(secret, t.clock.now() + 10 * STEP);
    const res = await me(t, admin.token, 'POST', '/confirm', { code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_SECURITY.codeWrong);
    expect(res.body.errors?.[0]?.field).toBe('code');
    expect((await passwordStep(t, 'admin', admin.email)).body.token).toBeTruthy();
  });

  it('turns on with a right code: 10 distinct recovery codes shown once, the user marked, an audit entry', async () => {
    const authority = await buildAuthority(t, 'Warden', { hostelNo: 3 });
    const { recoveryCodes } = await turnOn(t, authority);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.ctx.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', authority.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const c of recoveryCodes) expect(row.code_hash).not.toContain(c);
    const check = await t.request({ method: 'GET', url: '/api/auth/check-auth', token: authority.token });
    expect(check.body.user.twoFactor).toBe(true);
    expect((await me(t, authority.token, 'GET')).body.data).toEqual({
      on: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    const [entry] = await auditOf(t, 'two-factor.on', authority.id);
    expect(entry).toMatchObject({ actor_id: authority.id, actor_role: 'authority', target_type: 'user' });
    // once on, a second set-up is refused
    expect((await me(t, authority.token, 'POST', '', { password: DEFAULT_PASSWORD })).status).toBe(409);
  });

  it('is for admins and authorities: a student gets 403 and a visitor 401', async () => {
    const student = await buildStudent(t);
    expect((await me(t, student.token, 'POST', '', { password: DEFAULT_PASSWORD })).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/me/two-factor' })).status).toBe(401);
  });

  it('refuses a confirmation with no set-up begun with 409', async () => {
    const admin = await buildAdmin(t);
    expect((await me(t, admin.token, 'POST', '/confirm', { code: '123456' })).status).toBe(409);
  });

  it('refuses malformed codes with 400 and changes nothing', async () => {
    const admin = await buildAdmin(t);
    await me(t, admin.token, 'POST', '', { password: DEFAULT_PASSWORD });
    for (const code of ['', '12345', '1234567', 'abcdef', '12 34 56', "1' or 1=1", 42, null]) {
      const res = await me(t, admin.token, 'POST', '/confirm', { code });
      expect({ code, status: res.status }).toEqual({ code, status: 400 });
    }
    expect((await me(t, admin.token, 'GET')).body.data.on).toBe(false);
  });
});

describe('signing in with it', () => {
  it('answers a ticket and no session for the right password, then a session and the device cookie for a right code', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const first = await passwordStep(t, 'admin', admin.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactor: true, ticket: expect.any(String) });
    expect(first.headers['set-cookie']).toBeUndefined();
    const second = await codeStep(t, first.body.ticket, codeAt(secret, t.clock.now()));
    expect(second.status).toBe(200);
    expect(second.body.user).toMatchObject({ id: admin.id, role: 'admin', twoFactor: true });
    const cookies = ([] as string[]).concat(second.headers['set-cookie'] as string[]);
    expect(cookies.some((c) => c.startsWith('session='))).toBe(true);
    expect(cookies.some((c) => c.startsWith('device='))).toBe(true);
    const check = await t.request({ method: 'GET', url: '/api/auth/check-auth', token: second.body.token });
    expect(check.status).toBe(200);
  });

  it('accepts a code of the step before or after (one step of drift), not two', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const ticket = async () => (await passwordStep(t, 'admin', admin.email)).body.ticket as string;
    expect((await codeStep(t, await ticket(), codeAt(secret, t.clock.now() + 2 * STEP))).status).toBe(400);
    expect((await codeStep(t, await ticket(), codeAt(secret, t.clock.now() + STEP))).status).toBe(200);
    t.clock.advance(3 * STEP);
    expect((await codeStep(t, await ticket(), codeAt(secret, t.clock.now() - STEP))).status).toBe(200);
  });

  it('accepts a code once: the same code on a second ticket is refused', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const code = codeAt(secret, t.clock.now());
    const a = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    const b = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    expect((await codeStep(t, a, code)).status).toBe(200);
    const replay = await codeStep(t, b, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(MSG_SECURITY.codeWrong);
  });

  it('makes one session of a ticket: the ticket is burnt once used', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const ticket = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    expect((await codeStep(t, ticket, codeAt(secret, t.clock.now()))).status).toBe(200);
    t.clock.advance(STEP);
    const again = await codeStep(t, ticket, codeAt(secret, t.clock.now()));
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(MSG_SECURITY.signInExpired);
  });

  it('burns a ticket after 5 wrong codes: then 401 "Sign-in expired" even for the right code', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const ticket = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    const right = codeAt(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await codeStep(t, ticket, wrong)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const burnt = await codeStep(t, ticket, right);
    expect(burnt.status).toBe(401);
    expect(burnt.body.message).toBe(MSG_SECURITY.signInExpired);
    // a new password step gives a new ticket, and the code works there
    const fresh = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    expect((await codeStep(t, fresh, right)).status).toBe(200);
  });

  it('expires a ticket after 5 minutes', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const ticket = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    t.clock.advance(5 * 60_000 + 1);
    const res = await codeStep(t, ticket, codeAt(secret, t.clock.now()));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG_SECURITY.signInExpired);
  });

  it('answers an unknown, malformed or missing ticket with 401 or 400, never a session', async () => {
    for (const ticket of ['x'.repeat(43), 'not a ticket', "' or 1=1 --"]) {
      const res = await codeStep(t, ticket, '123456');
      expect(res.status).toBe(401);
    }
    for (const payload of [
      {},
      { ticket: '' },
      { ticket: 'x'.repeat(500), code: '123456' },
      { code: '123456' },
    ]) {
      const res = await post(t, 'two-factor', payload, { remoteAddress: newIp() });
      expect([400, 401]).toContain(res.status);
      expect(res.body.token).toBeUndefined();
    }
  });

  it('accepts each recovery code once, in any case and without its dash', async () => {
    const authority = await buildAuthority(t, 'Other');
    const { recoveryCodes } = await turnOn(t, authority);
    const [first, second] = recoveryCodes as [string, string];
    const ticket = async () => (await passwordStep(t, 'authority', authority.email)).body.ticket as string;
    const used = await codeStep(t, await ticket(), first);
    expect(used.status).toBe(200);
    expect(used.body.recoveryCodesLeft).toBe(9);
    const reused = await codeStep(t, await ticket(), first);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(MSG_SECURITY.recoveryCodeUsed);
    expect(reused.body.errors?.[0]?.field).toBe('code');
    const other = await codeStep(t, await ticket(), second.replace('-', '').toUpperCase());
    expect(other.status).toBe(200);
    expect(other.body.recoveryCodesLeft).toBe(8);
    expect((await me(t, authority.token, 'GET')).body.data.recoveryCodesLeft).toBe(8);
  });

  it('still goes through the password locks: a wrong password never gets a ticket', async () => {
    const admin = await buildAdmin(t);
    await turnOn(t, admin);
    const res = await post(
      t,
      'admin-login',
      { email: admin.email, password: 'wrong-one' },
      { remoteAddress: newIp() },
    );
    expect(res.status).toBe(401);
    expect(res.body.ticket).toBeUndefined();
  });
});

describe('turning it off', () => {
  it('takes a code, then the password alone signs in again, with an audit entry', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const pw = { password: DEFAULT_PASSWORD };
    expect((await me(t, admin.token, 'DELETE', '', { code: '000000', ...pw })).status).toBe(400);
    const off = await me(t, admin.token, 'DELETE', '', { code: codeAt(secret, t.clock.now()), ...pw });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(MSG_SECURITY.twoFactorOff);
    expect((await passwordStep(t, 'admin', admin.email)).body.token).toBeTruthy();
    expect(await auditOf(t, 'two-factor.off', admin.id)).toHaveLength(1);
    expect((await me(t, admin.token, 'DELETE', '', { code: '123456', ...pw })).status).toBe(409);
  });
});

const MINUTE = 60_000;
const wrongOf = (right: string) => (right === '000000' ? '111111' : '000000');
const lockMails = (app: TestApp, email: string) =>
  app.ctx.database.db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_addr', '=', email)
    .where('subject', 'like', '%failed the second step%')
    .execute();

/** Sends `n` wrong codes for an account, a new ticket after every 5 (a ticket burns at 5). */
async function wrongCodes(app: TestApp, role: string, email: string, n: number) {
  const statuses: number[] = [];
  let ticket = '';
  for (let i = 0; i < n; i++) {
    if (i % 5 === 0) ticket = (await passwordStep(app, role, email)).body.ticket;
    statuses.push((await codeStep(app, ticket, '000000')).status);
  }
  return statuses;
}

describe('wrong codes, counted per account over every ticket (CONTRACT 6.7)', () => {
  it('refuses the eleventh code with 429 and Retry-After, a right one too, until 15 minutes after the last wrong one', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    // ten wrong codes over two tickets: each ticket alone is within its own 5
    expect(await wrongCodes(t, 'admin', admin.email, 10)).toEqual(Array(10).fill(400));
    const ticket = async () => (await passwordStep(t, 'admin', admin.email)).body.ticket as string;
    const locked = await codeStep(t, await ticket(), codeAt(secret, t.clock.now()));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MSG_SECURITY.codesLocked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.token).toBeUndefined();
    t.clock.advance(15 * MINUTE - 1_000);
    expect((await codeStep(t, await ticket(), codeAt(secret, t.clock.now()))).status).toBe(429);
    t.clock.advance(1_000);
    const after = await codeStep(t, await ticket(), codeAt(secret, t.clock.now()));
    expect(after.status).toBe(200);
    expect(after.body.token).toBeTruthy();
  });

  it('counts wrong recovery codes and a reused one with the codes from the app', async () => {
    const authority = await buildAuthority(t, 'Other');
    const { secret, recoveryCodes } = await turnOn(t, authority);
    const ticket = async () => (await passwordStep(t, 'authority', authority.email)).body.ticket as string;
    const first = recoveryCodes[0]!;
    expect((await codeStep(t, await ticket(), first)).status).toBe(200);
    const tk = await ticket();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await codeStep(t, tk, first)).status);
    const tk2 = await ticket();
    for (let i = 0; i < 5; i++) statuses.push((await codeStep(t, tk2, 'aaaaa-bbbbb')).status);
    expect(await wrongCodes(t, 'authority', authority.email, 1)).toEqual([400]);
    expect(statuses).toEqual(Array(9).fill(400));
    expect((await codeStep(t, await ticket(), recoveryCodes[1]!)).status).toBe(429);
    expect((await codeStep(t, await ticket(), codeAt(secret, t.clock.now()))).status).toBe(429);
  });

  it('gives a right code back: nine wrong codes and any number of right ones never lock', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    expect(await wrongCodes(t, 'admin', admin.email, 9)).toEqual(Array(9).fill(400));
    for (let i = 0; i < 3; i++) {
      const ticket = (await passwordStep(t, 'admin', admin.email)).body.ticket;
      expect((await codeStep(t, ticket, codeAt(secret, t.clock.now()))).status).toBe(200);
      t.clock.advance(STEP);
    }
    expect(await wrongCodes(t, 'admin', admin.email, 2)).toEqual([400, 429]);
  });

  it('mails the owner once a lock, telling them to change the password', async () => {
    const admin = await buildAdmin(t);
    await turnOn(t, admin);
    expect(await wrongCodes(t, 'admin', admin.email, 9)).toEqual(Array(9).fill(400));
    expect(await lockMails(t, admin.email)).toHaveLength(0);
    expect(await wrongCodes(t, 'admin', admin.email, 5)).toEqual([400, 429, 429, 429, 429]);
    const mails = await t.ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_addr', '=', admin.email)
      .where('subject', 'like', '%failed the second step%')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('change it');
    // the next lock, after 15 quiet minutes and 10 more wrong codes, is mailed again
    t.clock.advance(15 * MINUTE);
    expect(await wrongCodes(t, 'admin', admin.email, 11)).toEqual([...Array(10).fill(400), 429]);
    expect(await lockMails(t, admin.email)).toHaveLength(2);
  });

  it('is lifted by a completed password reset', async () => {
    const authority = await buildAuthority(t, 'Warden', { hostelNo: 5 });
    const { secret } = await turnOn(t, authority);
    expect(await wrongCodes(t, 'authority', authority.email, 11)).toEqual([...Array(10).fill(400), 429]);
    const ip = newIp();
    expect(
      (await post(t, 'forgot-password', { email: authority.email, role: 'authority' }, { remoteAddress: ip }))
        .status,
    ).toBe(200);
    const otp = await codeFor(t, authority.email);
    const reset = await post(
      t,
      'reset-password',
      { email: authority.email, otp, newPassword: 'a-new-long-one-7', role: 'authority' },
      { remoteAddress: ip },
    );
    expect(reset.status).toBe(200);
    const first = await post(
      t,
      'authority-login',
      { email: authority.email, password: 'a-new-long-one-7' },
      { remoteAddress: newIp() },
    );
    expect(first.body.ticket).toBeTruthy();
    expect((await codeStep(t, first.body.ticket, codeAt(secret, t.clock.now()))).status).toBe(200);
  });

  it('holds at 60 wrong codes sent at once over 12 tickets: 10 judged, 50 refused, one mail', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    // one after another: twelve right passwords at once would meet the password step's own limit
    const tickets: string[] = [];
    for (let i = 0; i < 12; i++) tickets.push((await passwordStep(t, 'admin', admin.email)).body.ticket);
    const wrong = wrongOf(codeAt(secret, t.clock.now()));
    const burst = await atOnce(60, (i) => codeStep(t, tickets[i % 12]!, wrong));
    expect(burst.with(429)).toHaveLength(50);
    expect(burst.with(400, 401)).toHaveLength(10);
    expect(burst.answers.every((r) => r.body.token === undefined)).toBe(true);
    expect(await lockMails(t, admin.email)).toHaveLength(1);
  });
});

describe('the password to turn it on or off (CONTRACT 6.7)', () => {
  it('refuses to begin the set-up with a wrong or missing password: 400 "Wrong password"', async () => {
    const admin = await buildAdmin(t);
    for (const payload of [{ password: 'not-the-one' }, {}, { password: '' }, undefined]) {
      const res = await me(t, admin.token, 'POST', '', payload);
      expect({ payload, status: res.status, message: res.body.message }).toEqual({
        payload,
        status: 400,
        message: MSG_SECURITY.wrongPassword,
      });
    }
    const pending = await t.ctx.database.db
      .selectFrom('two_factor')
      .select('user_id')
      .where('user_id', '=', admin.id)
      .execute();
    expect(pending).toHaveLength(0);
  });

  it('counts a wrong password as a failed login of the account: ten lock the password step', async () => {
    const admin = await buildAdmin(t);
    for (let i = 0; i < 10; i++) {
      expect((await me(t, admin.token, 'POST', '', { password: `wrong-${i}` })).status).toBe(400);
    }
    const login = await passwordStep(t, 'admin', admin.email);
    expect(login.status).toBe(429);
    expect(login.headers['retry-after']).toBeTruthy();
    expect((await me(t, admin.token, 'POST', '', { password: DEFAULT_PASSWORD })).status).toBe(429);
  });

  it('gives a right password back: it never adds to the failed logins', async () => {
    const admin = await buildAdmin(t);
    for (let i = 0; i < 12; i++) {
      expect((await me(t, admin.token, 'POST', '', { password: DEFAULT_PASSWORD })).status).toBe(200);
    }
    expect((await passwordStep(t, 'admin', admin.email)).status).toBe(200);
  });

  it('turns off only with the password as well as a code', async () => {
    const authority = await buildAuthority(t, 'Other');
    const { secret } = await turnOn(t, authority);
    const code = codeAt(secret, t.clock.now());
    for (const payload of [{ code }, { code, password: 'not-the-one' }]) {
      const res = await me(t, authority.token, 'DELETE', '', payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_SECURITY.wrongPassword);
    }
    expect((await me(t, authority.token, 'GET')).body.data.on).toBe(true);
    expect((await me(t, authority.token, 'DELETE', '', { code, password: DEFAULT_PASSWORD })).status).toBe(
      200,
    );
    expect((await me(t, authority.token, 'GET')).body.data.on).toBe(false);
  });

  it("ends the account's other sessions when it is confirmed, not the one that confirmed", async () => {
    const authority = await buildAuthority(t, 'Other');
    const other = await passwordStep(t, 'authority', authority.email);
    expect(other.body.token).toBeTruthy();
    const check = (token: string) => t.request({ method: 'GET', url: '/api/auth/check-auth', token });
    expect((await check(other.body.token)).status).toBe(200);
    await turnOn(t, authority);
    expect((await check(other.body.token)).status).toBe(401);
    expect((await check(authority.token)).status).toBe(200);
  });
});

describe("an admin turns off an authority's two-step sign-in (CONTRACT 6.7)", () => {
  const reset = (app: TestApp, token: string, id: number | string) =>
    app.request({ method: 'DELETE', url: `/api/admin/users/${id}/two-factor`, token });

  it('turns it off with 200, audited two-factor.reset with the authority as target', async () => {
    const admin = await buildAdmin(t);
    const authority = await buildAuthority(t, 'Warden', { hostelNo: 2 });
    await turnOn(t, authority);
    const res = await reset(t, admin.token, authority.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG_SECURITY.adminResetDone);
    const login = await passwordStep(t, 'authority', authority.email);
    expect(login.body.token).toBeTruthy();
    expect(login.body.user.twoFactor).toBe(false);
    const [entry] = await auditOf(t, 'two-factor.reset', authority.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_role: 'admin',
      target_type: 'user',
      ip: expect.any(String),
    });
    // nothing is on any more: a second reset answers alike and records nothing
    expect((await reset(t, admin.token, authority.id)).status).toBe(200);
    expect(await auditOf(t, 'two-factor.reset', authority.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown id, a student or an admin', async () => {
    const admin = await buildAdmin(t);
    const otherAdmin = await buildAdmin(t);
    await turnOn(t, otherAdmin);
    const student = await buildStudent(t);
    for (const id of [999_999, student.id, otherAdmin.id]) {
      const res = await reset(t, admin.token, id);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
    expect((await me(t, otherAdmin.token, 'GET')).body.data.on).toBe(true);
    expect((await reset(t, admin.token, 'abc')).status).toBe(400);
  });

  it('is for admins only', async () => {
    const authority = await buildAuthority(t, 'Other');
    await turnOn(t, authority);
    const peer = await buildAuthority(t, 'Other');
    expect((await reset(t, peer.token, authority.id)).status).toBe(403);
    expect((await reset(t, authority.token, authority.id)).status).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/users/${authority.id}/two-factor` })).status,
    ).toBe(401);
    expect((await me(t, authority.token, 'GET')).body.data.on).toBe(true);
  });
});

describe('ADMIN_2FA=required', () => {
  it('answers 403 "Set up two-step sign-in first" to every other admin request until it is on', async () => {
    const admin = await buildAdmin(strict);
    for (const url of [
      '/api/admin/authorities',
      '/api/complaints/admin/all',
      '/api/complaints/admin/stats',
    ]) {
      const res = await strict.request({ method: 'GET', url, token: admin.token });
      expect({ url, status: res.status, message: res.body.message }).toEqual({
        url,
        status: 403,
        message: MSG_SECURITY.twoFactorRequired,
      });
    }
    // who is signed in, and the set-up itself, stay open
    expect(
      (await strict.request({ method: 'GET', url: '/api/auth/check-auth', token: admin.token })).status,
    ).toBe(200);
    expect((await me(strict, admin.token, 'GET')).body.data).toEqual({
      on: false,
      required: true,
      recoveryCodesLeft: 0,
    });
    const { secret } = await turnOn(strict, admin);
    const ticket = (await passwordStep(strict, 'admin', admin.email)).body.ticket;
    const session = await codeStep(strict, ticket, codeAt(secret, strict.clock.now()));
    expect(session.status).toBe(200);
    const list = await strict.request({
      method: 'GET',
      url: '/api/admin/authorities',
      token: session.body.token,
    });
    expect(list.status).toBe(200);
    // and it cannot be turned off
    strict.clock.advance(STEP);
    const off = await me(strict, session.body.token, 'DELETE', '', {
      code: codeAt(secret, strict.clock.now()),
      password: DEFAULT_PASSWORD,
    });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(MSG_SECURITY.requiredForAdmins);
  });

  it('leaves authorities and students alone', async () => {
    const authority = await buildAuthority(strict, 'Other');
    const student = await buildStudent(strict);
    expect(
      (await strict.request({ method: 'GET', url: '/api/complaints/authority', token: authority.token }))
        .status,
    ).toBe(200);
    expect(
      (await strict.request({ method: 'GET', url: '/api/complaints/student', token: student.token })).status,
    ).toBe(200);
  });
});

describe('npm run create-admin', () => {
  it('resets two-step sign-in of an admin who lost the phone, writing admin.reset and two-factor.reset', async () => {
    const admin = await buildAdmin(t);
    await turnOn(t, admin);
    expect(
      await createAdmin(t.ctx, { email: admin.email, password: 'a-new-long-one', name: 'Back Again' }),
    ).toBe('updated');
    const login = await post(
      t,
      'admin-login',
      { email: admin.email, password: 'a-new-long-one' },
      { remoteAddress: newIp() },
    );
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
    expect(login.body.user.twoFactor).toBe(false);
    const [reset] = await auditOf(t, 'two-factor.reset', admin.id);
    expect(reset).toMatchObject({ actor_id: null, ip: null });
    expect(await auditOf(t, 'admin.reset', admin.id)).toHaveLength(1);
  });

  it('writes admin.create for a new admin', async () => {
    const email = `fresh-${newIp()}@bitmesra.ac.in`;
    expect(await createAdmin(t.ctx, { email, password: 'long-enough-1', name: 'Fresh' })).toBe('created');
    const user = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await auditOf(t, 'admin.create', Number(user.id))).toHaveLength(1);
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('at once, on PostgreSQL', () => {
  it('accepts one code once when it is sent on 20 tickets at the same moment', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await turnOn(t, admin);
    const tickets = await Promise.all(
      Array.from(
        { length: 20 },
        async () => (await passwordStep(t, 'admin', admin.email)).body.ticket as string,
      ),
    );
    const code = codeAt(secret, t.clock.now());
    const burst = await atOnce(tickets.length, (i) => codeStep(t, tickets[i]!, code));
    expect(burst.with(200)).toHaveLength(1);
  });

  it('counts exactly 5 wrong codes of 60 sent at once on one ticket', async () => {
    const admin = await buildAdmin(t);
    await turnOn(t, admin);
    const ticket = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    const burst = await atOnce(60, () => codeStep(t, ticket, '000000'));
    expect(burst.with(400)).toHaveLength(5);
    // the account's limit (10 wrong codes) refuses what the ticket's did not
    expect(burst.with(401, 429)).toHaveLength(55);
  });
});
