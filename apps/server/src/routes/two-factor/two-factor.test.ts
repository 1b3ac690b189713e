/**
 * CONTRACT 6.5: two-step sign-in (RFC 6238 codes from an authenticator app, recovery codes), its
 * tickets, ADMIN_2FA=required and the command line's reset. Codes are made here with `otpauth`
 * from the secret the set-up answered, at the test clock's time.
 */
import { MSG_SECURITY } from '@bit/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  buildAdmin,
  buildAuthority,
  buildStudent,
  DEFAULT_PASSWORD,
} from '../../../test/factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness';
import { createAdmin } from '../../services/accounts';
import { newIp, post } from '../auth/test-helpers';

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
  const setup = await me(app, user.token, 'POST');
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
    const res = await me(t, admin.token, 'POST');
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
    const { secret } = (await me(t, admin.token, 'POST')).body;
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
    expect((await me(t, authority.token, 'POST')).status).toBe(409);
  });

  it('is for admins and authorities: a student gets 403 and a visitor 401', async () => {
    const student = await buildStudent(t);
    expect((await me(t, student.token, 'POST')).status).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/me/two-factor' })).status).toBe(401);
  });

  it('refuses a confirmation with no set-up begun with 409', async () => {
    const admin = await buildAdmin(t);
    expect((await me(t, admin.token, 'POST', '/confirm', { code: '123456' })).status).toBe(409);
  });

  it('refuses malformed codes with 400 and changes nothing', async () => {
    const admin = await buildAdmin(t);
    await me(t, admin.token, 'POST');
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
    expect((await codeStep(t, await ticket(), first)).status).toBe(200);
    expect((await codeStep(t, await ticket(), first)).status).toBe(400);
    expect((await codeStep(t, await ticket(), second.replace('-', '').toUpperCase())).status).toBe(200);
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
    expect((await me(t, admin.token, 'DELETE', '', { code: '000000' })).status).toBe(400);
    const off = await me(t, admin.token, 'DELETE', '', { code: codeAt(secret, t.clock.now()) });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(MSG_SECURITY.twoFactorOff);
    expect((await passwordStep(t, 'admin', admin.email)).body.token).toBeTruthy();
    expect(await auditOf(t, 'two-factor.off', admin.id)).toHaveLength(1);
    expect((await me(t, admin.token, 'DELETE', '', { code: '123456' })).status).toBe(409);
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
    const answers = await Promise.all(tickets.map((ticket) => codeStep(t, ticket, code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('counts exactly 5 wrong codes of 60 sent at once on one ticket', async () => {
    const admin = await buildAdmin(t);
    await turnOn(t, admin);
    const ticket = (await passwordStep(t, 'admin', admin.email)).body.ticket;
    const answers = await Promise.all(Array.from({ length: 60 }, () => codeStep(t, ticket, '000000')));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(55);
  });
});
