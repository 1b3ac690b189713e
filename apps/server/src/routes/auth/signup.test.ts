import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { authorityBody, codeFor, PASSWORD, post, studentBody, uniq, verifiedStudent } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const domain = () => t.config.studentEmailDomain;

describe('student signup validation', () => {
  // each step adds the field that the previous one lacked, so exactly the next SPEC rule fails
  const steps: [string, () => Record<string, unknown>, string, string][] = [
    ['an empty body', () => ({}), 'name', 'Please enter your full name'],
    ['only a name', () => ({ name: 'Asha' }), 'rollNo', 'Please enter your roll number'],
    ['no email', () => ({ name: 'Asha', rollNo: 'BTECH/1/23' }), 'email', 'Please enter your email'],
    [
      'an email of another domain',
      () => ({ name: 'Asha', rollNo: 'BTECH/1/23', email: 'asha@gmail.com' }),
      'email',
      'Please use your BIT Mesra email address',
    ],
    [
      'no mobile',
      () => ({ name: 'Asha', rollNo: 'BTECH/1/23', email: `asha@${domain()}` }),
      'mobile',
      'Please enter your mobile number',
    ],
    [
      'a 9-digit mobile',
      () => ({ name: 'Asha', rollNo: 'BTECH/1/23', email: `asha@${domain()}`, mobile: '987654321' }),
      'mobile',
      'Please enter a valid 10-digit mobile number',
    ],
    [
      'no session',
      () => ({ name: 'Asha', rollNo: 'BTECH/1/23', email: `asha@${domain()}`, mobile: '9876543210' }),
      'session',
      'Please enter your academic session',
    ],
    [
      'a session written 2023-2027',
      () => ({
        name: 'Asha',
        rollNo: 'BTECH/1/23',
        email: `asha@${domain()}`,
        mobile: '9876543210',
        session: '2023-2027',
      }),
      'session',
      'Please enter academic session in correct format (YYYY-YY)',
    ],
    [
      'a department not in the list',
      () => ({
        name: 'Asha',
        rollNo: 'BTECH/1/23',
        email: `asha@${domain()}`,
        mobile: '9876543210',
        session: '2023-27',
        department: 'Astrology',
      }),
      'department',
      'Please select your department',
    ],
    [
      'no password',
      () => ({
        name: 'Asha',
        rollNo: 'BTECH/1/23',
        email: `asha@${domain()}`,
        mobile: '9876543210',
        session: '2023-27',
        department: 'Computer Science',
      }),
      'password',
      'Please enter a password',
    ],
    [
      'the password "short"',
      () => ({
        name: 'Asha',
        rollNo: 'BTECH/1/23',
        email: `asha@${domain()}`,
        mobile: '9876543210',
        session: '2023-27',
        department: 'Computer Science',
        password: 'short',
      }),
      'password',
      'Password must be at least 8 characters long',
    ],
  ];

  for (const [what, body, field, message] of steps) {
    it(`answers 400 "${message}" for ${what}, with an errors array`, async () => {
      const res = await post(t, 'student-signup', body());
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(Array.isArray(res.body.errors)).toBe(true);
      expect(res.body.errors[0]).toEqual({ field, message });
    });
  }

  it('creates no account and queues no mail for an invalid signup', async () => {
    await post(t, 'student-signup', studentBody(t, { email: 'nobody@gmail.com' }));
    expect(await lastMail(t, 'nobody@gmail.com')).toBeUndefined();
  });
});

describe('student signup', () => {
  it('answers 201 with a message and mails a code', async () => {
    const body = studentBody(t);
    const res = await post(t, 'student-signup', body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBeTruthy();
    expect(await codeFor(t, body.email)).toMatch(/^\d{6}$/);
  });

  it('answers 409 "Email already registered" for the email of a verified account', async () => {
    const { body } = await verifiedStudent(t);
    const res = await post(t, 'student-signup', studentBody(t, { email: body.email }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Email already registered');
  });

  it('matches emails without regard to case', async () => {
    const { body } = await verifiedStudent(t);
    const res = await post(t, 'student-signup', studentBody(t, { email: body.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Email already registered');
  });

  it('answers 409 "Roll number already registered" for a roll number in use', async () => {
    const { body } = await verifiedStudent(t);
    const res = await post(t, 'student-signup', studentBody(t, { rollNo: body.rollNo }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Roll number already registered');
  });

  it('lets a student sign up with an email that a pending authority sign-up used', async () => {
    const email = `dual${uniq()}@${domain()}`;
    expect((await post(t, 'authority-signup', authorityBody({ email }))).status).toBe(201);
    t.clock.advance(61_000);
    const student = studentBody(t, { email });
    expect((await post(t, 'student-signup', student)).status).toBe(201);
    const verify = await post(t, 'verify-email', { email, otp: await codeFor(t, email) });
    expect(verify.status).toBe(200);
    expect(verify.body.user.role).toBe('student');
  });

  it('keeps a pending sign-up as it was when the email signs up again: each code verifies its own sign-up', async () => {
    const first = studentBody(t);
    expect((await post(t, 'student-signup', first)).status).toBe(201);
    const firstCode = await codeFor(t, first.email);

    const tooSoon = await post(t, 'student-signup', { ...first, name: 'Too Soon' });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(61_000);
    const again = { ...first, name: 'Asha Again', rollNo: `NEW/${uniq()}`, password: 'another-pass-1' };
    expect((await post(t, 'student-signup', again)).status).toBe(201);
    const againMail = await lastMail(t, first.email);
    expect(againMail!.text_body).toContain('This address was used to sign up again');

    // the first code still verifies the first sign-up, with its own name, roll number and password
    const verify = await post(t, 'verify-email', { email: first.email, otp: firstCode });
    expect(verify.status).toBe(200);
    expect(verify.body.user.name).toBe(first.name);
    expect(verify.body.user.rollNo).toBe(first.rollNo);
    expect((await post(t, 'student-login', { email: first.email, password: first.password })).status).toBe(
      200,
    );
    expect((await post(t, 'student-login', { email: first.email, password: 'another-pass-1' })).status).toBe(
      401,
    );
    // and the later sign-up can no longer be verified
    const late = await post(t, 'verify-email', { email: first.email, otp: againMail!.code });
    expect(late.status).toBe(400);
  });

  it('a student who mistyped can sign up again and verify with the new code', async () => {
    const first = studentBody(t, { name: 'Asha Typo' });
    expect((await post(t, 'student-signup', first)).status).toBe(201);
    t.clock.advance(61_000);
    const fixed = { ...first, name: 'Asha Fixed', password: 'another-pass-1' };
    expect((await post(t, 'student-signup', fixed)).status).toBe(201);
    const verify = await post(t, 'verify-email', { email: first.email, otp: await codeFor(t, first.email) });
    expect(verify.status).toBe(200);
    expect(verify.body.user.name).toBe('Asha Fixed');
    expect((await post(t, 'student-login', { email: first.email, password: 'another-pass-1' })).status).toBe(
      200,
    );
  });

  it('a pending sign-up reserves no roll number: the verified one wins, the other gets 409 at verification', async () => {
    const first = studentBody(t);
    expect((await post(t, 'student-signup', first)).status).toBe(201);
    const other = studentBody(t, { rollNo: first.rollNo });
    expect((await post(t, 'student-signup', other)).status).toBe(201);
    expect(
      (await post(t, 'verify-email', { email: other.email, otp: await codeFor(t, other.email) })).status,
    ).toBe(200);
    const late = await post(t, 'verify-email', { email: first.email, otp: await codeFor(t, first.email) });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Roll number already registered');
  });

  it('never returns or stores the password in clear', async () => {
    const { body, user } = await verifiedStudent(t);
    expect(JSON.stringify(user)).not.toContain(PASSWORD);
    const row = await t.ctx.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('STUDENT_EMAIL_DOMAIN', () => {
  it('accepts the configured domain and refuses the default one', async () => {
    const other = await createTestApp({ config: { studentEmailDomain: 'example.edu' } });
    try {
      const ok = await post(other, 'student-signup', studentBody(other, { email: 'ravi@example.edu' }));
      expect(ok.status).toBe(201);
      const wrong = await post(other, 'student-signup', studentBody(other, { email: 'ravi@bitmesra.ac.in' }));
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Please use your BIT Mesra email address');
      const sub = await post(other, 'student-signup', studentBody(other, { email: 'ravi@evil-example.edu' }));
      expect(sub.status).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe('authority signup', () => {
  it('requires a designation', async () => {
    const { designation: _d, ...body } = authorityBody();
    const res = await post(t, 'authority-signup', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('designation');
  });

  it('refuses a designation that is not one of the four', async () => {
    const res = await post(t, 'authority-signup', authorityBody({ designation: 'Dean' }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('designation');
  });

  it('refuses a Warden without a hostel number', async () => {
    const res = await post(t, 'authority-signup', authorityBody({ hostelNo: null }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('hostelNo');
  });

  it('refuses a Hostel Clerk of hostel 14', async () => {
    const res = await post(
      t,
      'authority-signup',
      authorityBody({ designation: 'Hostel Clerk', hostelNo: 14 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('hostelNo');
  });

  it('accepts a Warden of hostel 13 and keeps the hostel', async () => {
    const body = authorityBody({ hostelNo: 13 });
    expect((await post(t, 'authority-signup', body)).status).toBe(201);
    const res = await post(t, 'verify-authority-email', {
      email: body.email,
      otp: await codeFor(t, body.email),
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      role: 'authority',
      designation: 'Warden',
      hostelNo: 13,
      rollNo: null,
    });
  });

  it('gives a Network Department authority department Network and no hostel', async () => {
    const body = authorityBody({ designation: 'Network Department', hostelNo: 5, department: 'Something' });
    expect((await post(t, 'authority-signup', body)).status).toBe(201);
    const res = await post(t, 'verify-authority-email', {
      email: body.email,
      otp: await codeFor(t, body.email),
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      designation: 'Network Department',
      department: 'Network',
      hostelNo: null,
    });
  });

  it('ignores the hostel number of an Other authority', async () => {
    const body = authorityBody({ designation: 'Other', hostelNo: 7 });
    expect((await post(t, 'authority-signup', body)).status).toBe(201);
    const res = await post(t, 'verify-authority-email', {
      email: body.email,
      otp: await codeFor(t, body.email),
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ designation: 'Other', hostelNo: null, department: null });
  });

  it('answers 409 for the email of a student', async () => {
    const { body } = await verifiedStudent(t);
    const res = await post(t, 'authority-signup', authorityBody({ email: body.email }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Email already registered');
  });
});
