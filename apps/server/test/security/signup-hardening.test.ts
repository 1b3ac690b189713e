/**
 * CONTRACT 5.9, the rows of the security review that concern sign-up, codes and throttling: each
 * case reproduces the attack as the review tried it and shows it no longer works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_SIGNUP_TTL_MS } from '../../src/services/accounts/sign-up';
import { LIMITS } from '../../src/services/accounts/throttle-limits';
import { buildStudent, lastMail } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { freshIp } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let seq = 0;
const uniq = () => `${process.pid}h${++seq}`;

const post = (path: string, payload: object, remoteAddress = freshIp()) =>
  t.request({ method: 'POST', url: `/api/auth/${path}`, payload, remoteAddress });

const student = (overrides: Record<string, unknown> = {}) => {
  const n = uniq();
  return {
    name: `Student ${n}`,
    rollNo: `BTECH/${n}`,
    email: `s${n}@${t.config.studentEmailDomain}`,
    mobile: '9876543210',
    session: '2023-27',
    department: 'Computer Science',
    password: 'students-own-pass',
    ...overrides,
  };
};

const authority = (overrides: Record<string, unknown> = {}) => {
  const n = uniq();
  return {
    name: `Warden ${n}`,
    email: `w${n}@example.org`,
    mobile: '9876543210',
    designation: 'Warden',
    department: null,
    hostelNo: 4,
    password: 'wardens-own-pass',
    ...overrides,
  };
};

const code = async (email: string) => (await lastMail(t, email))!.code!;
const wrong = (right: string) => (right === '000000' ? '111111' : '000000');
const pendingCount = async (email: string) =>
  (await t.ctx.database.db.selectFrom('pending_signups').select('id').where('email', '=', email).execute())
    .length;

describe('account takeover of a pending sign-up', () => {
  it("a stranger signing up again with a student's email changes nothing: the student's code verifies the student's own sign-up and password", async () => {
    const mine = student();
    expect((await post('student-signup', mine)).status).toBe(201);
    const myCode = await code(mine.email);
    t.clock.advance(61_000);
    const stranger = { ...mine, name: 'Stranger', rollNo: `X/${uniq()}`, password: 'strangers-pass-1' };
    expect((await post('student-signup', stranger)).status).toBe(201);
    const strangerMail = await lastMail(t, mine.email);
    expect(strangerMail!.text_body).toContain('This address was used to sign up again');
    expect(strangerMail!.text_body).toContain('If that was not you, ignore this mail');

    const verified = await post('verify-email', { email: mine.email, otp: myCode });
    expect(verified.status).toBe(200);
    expect(verified.body.user.name).toBe(mine.name);
    expect((await post('student-login', { email: mine.email, password: mine.password })).status).toBe(200);
    expect((await post('student-login', { email: mine.email, password: stranger.password })).status).toBe(
      401,
    );
  });

  it("an authority's code verifies its own designation and hostel, not a later stranger's", async () => {
    const mine = authority();
    expect((await post('authority-signup', mine)).status).toBe(201);
    const myCode = await code(mine.email);
    t.clock.advance(61_000);
    const stranger = {
      ...mine,
      name: 'Stranger',
      designation: 'Other',
      department: 'Admin',
      password: 'x-pass-123',
    };
    expect((await post('authority-signup', stranger)).status).toBe(201);
    const verified = await post('verify-authority-email', { email: mine.email, otp: myCode });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: mine.name, designation: 'Warden', hostelNo: 4 });
    expect((await post('authority-login', { email: mine.email, password: stranger.password })).status).toBe(
      401,
    );
  });
});

describe('pending sign-ups', () => {
  it("block no one: a pending authority sign-up with a student's email and one with a roll number leave the owners free to sign up", async () => {
    const owner = student();
    expect((await post('authority-signup', authority({ email: owner.email }))).status).toBe(201);
    expect((await post('student-signup', student({ rollNo: owner.rollNo }))).status).toBe(201);
    t.clock.advance(61_000);
    expect((await post('student-signup', owner)).status).toBe(201);
    const res = await post('verify-email', { email: owner.email, otp: await code(owner.email) });
    expect(res.status).toBe(200);
    expect(res.body.user.rollNo).toBe(owner.rollNo);
  });

  it('expire after 24 hours: then a resend mails nothing and the sign-up is gone', async () => {
    const s = student();
    expect((await post('student-signup', s)).status).toBe(201);
    const first = await lastMail(t, s.email);
    t.clock.advance(PENDING_SIGNUP_TTL_MS + 1);
    expect((await post('resend-otp', { email: s.email })).status).toBe(200);
    expect((await lastMail(t, s.email))!.id).toBe(first!.id);
    expect((await post('student-login', { email: s.email, password: s.password })).status).toBe(404);
    // the next sign-up (of anyone) sweeps the expired row away
    expect((await post('student-signup', student())).status).toBe(201);
    expect(await pendingCount(s.email)).toBe(0);
  });

  it('are checked again at verification: once the email is verified elsewhere, another pending sign-up gets 409', async () => {
    const a = student();
    expect((await post('student-signup', a)).status).toBe(201);
    const aCode = await code(a.email);
    t.clock.advance(61_000);
    expect((await post('authority-signup', authority({ email: a.email }))).status).toBe(201);
    const authorityCode = await code(a.email);
    expect((await post('verify-email', { email: a.email, otp: aCode })).status).toBe(200);
    const late = await post('verify-authority-email', { email: a.email, otp: authorityCode });
    // the other sign-ups with that email were dropped when it was verified, so the code is spent
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Invalid or expired code');
  });
});

describe('mail bombing through sign-up', () => {
  it('refuses the 11th sign-up an hour from one address to outside mailboxes, mailing nothing for it', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.outsideSignupPerAddress.max; i++) {
      expect((await post('authority-signup', authority(), ip)).status).toBe(201);
    }
    const extra = authority();
    const refused = await post('authority-signup', extra, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await lastMail(t, extra.email)).toBeUndefined();
    // college mailboxes from the same address (a campus NAT on the first day of term) still sign up
    expect((await post('student-signup', student(), ip)).status).toBe(201);
  });

  it('mails at most 5 codes an hour to one email, whatever the route', async () => {
    const s = student();
    const statuses: number[] = [];
    statuses.push((await post('student-signup', s)).status);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(61_000);
      statuses.push((await post('resend-otp', { email: s.email })).status);
    }
    expect(statuses).toEqual([201, 200, 200, 200, 200, 429]);
    const mails = await t.ctx.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_addr', '=', s.email)
      .execute();
    expect(mails).toHaveLength(5);
    t.clock.advance(LIMITS.codeMailsPerEmailHourly.windowMs);
    expect((await post('resend-otp', { email: s.email })).status).toBe(200);
  });

  it('refuses wrong codes from one address after 30 an hour, across emails', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.verifyPerAddress.max + 1; i++) {
      statuses.push((await post('verify-email', { email: `nobody${i}@x.org`, otp: '123456' }, ip)).status);
    }
    expect(statuses.slice(0, LIMITS.verifyPerAddress.max)).toEqual(
      Array(LIMITS.verifyPerAddress.max).fill(400),
    );
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('no one locks anyone out of a password reset', () => {
  it('wrong reset codes with no code issued count nothing: the owner then resets with a real code', async () => {
    const s = await buildStudent(t);
    for (let i = 0; i < 8; i++) {
      const res = await post('reset-password', {
        email: s.email,
        otp: '123456',
        newPassword: 'whatever-1',
        role: 'student',
      });
      expect(res.status).toBe(400);
    }
    expect((await post('forgot-password', { email: s.email, role: 'student' })).status).toBe(200);
    const res = await post('reset-password', {
      email: s.email,
      otp: await code(s.email),
      newPassword: 'brand-new-pass',
      role: 'student',
    });
    expect(res.status).toBe(200);
  });
});

describe('account enumeration', () => {
  it('verify-email answers an unknown and a verified email exactly as a wrong code', async () => {
    const pending = student();
    expect((await post('student-signup', pending)).status).toBe(201);
    const wrongCode = await post('verify-email', {
      email: pending.email,
      otp: wrong(await code(pending.email)),
    });
    const verified = await buildStudent(t);
    const known = await post('verify-email', { email: verified.email, otp: '123456' });
    const unknown = await post('verify-email', { email: `ghost${uniq()}@bitmesra.ac.in`, otp: '123456' });
    for (const res of [known, unknown]) {
      expect(res.status).toBe(wrongCode.status);
      expect(res.body).toEqual(wrongCode.body);
    }
    expect(wrongCode.body.message).toBe('Invalid or expired code');
  });

  it('reset-password answers an unknown email exactly as a known one, 429 included', async () => {
    const s = await buildStudent(t);
    const run = async (email: string) => {
      expect((await post('forgot-password', { email, role: 'student' })).status).toBe(200);
      // the known email's real code is never the one sent (the unknown one has none to hit)
      const otp = wrong((await lastMail(t, email))?.code ?? '000000');
      const answers: unknown[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await post('reset-password', { email, otp, newPassword: 'whatever-1', role: 'student' });
        answers.push([
          res.status,
          res.body,
          res.headers['retry-after'] === undefined ? 'none' : 'retry-after',
        ]);
      }
      return answers;
    };
    const known = await run(s.email);
    const unknown = await run(`ghost${uniq()}@bitmesra.ac.in`);
    expect(unknown).toEqual(known);
    expect(known.map((a) => (a as unknown[])[0])).toEqual([400, 400, 400, 400, 429, 429, 429]);
  });
});
