import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MSG } from '@bit/contract';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSender } from '../../src/delivery/mail/sender';
import { type Built, buildStudent, lastMail } from '../factories';
import { createTestApp, type TestApp } from '../harness';

/**
 * CONTRACT 5.9: one address per field, `local@domain` only, stored lower-cased, and the address
 * stored is the address mailed. The review signed up `student1.demo(alt)@bitmesra.ac.in` and
 * `"student1.demo"x@…` (one mailbox, several accounts) and an authority `"x"<atk@evil.com>`,
 * which was stored as that text and mailed to atk@evil.com.
 */

const repoRoot = path.resolve(__dirname, '../../../..');

let t: TestApp;
let student: Built;
beforeAll(async () => {
  t = await createTestApp();
  student = await buildStudent(t, { email: `student1.demo@${t.config.studentEmailDomain}` });
});
afterAll(async () => t.close());

let seq = 0;
const uniq = () => `${process.pid}x${++seq}`;

const post = (url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/auth/${url}`, payload });

const studentBody = (email: string) => {
  const n = uniq();
  return {
    name: `Asha ${n}`,
    rollNo: `BTECH/${n}/23`,
    email,
    mobile: '9876543210',
    session: '2023-27',
    department: 'Computer Science',
    password: 'correct-horse-9',
  };
};

const authorityBody = (email: string) => ({
  name: `Warden ${uniq()}`,
  email,
  mobile: '9876543210',
  designation: 'Warden',
  department: null,
  hostelNo: 4,
  password: 'correct-horse-9',
});

/**
 * Row counts of every table but the throttle's (a refused request may count against its
 * address): a refused address must leave no account, pending sign-up, code or mail behind.
 */
async function rowCounts(): Promise<Record<string, number>> {
  const db = t.ctx.database.db;
  const { rows } =
    t.ctx.database.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_schema
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    if (name === 'throttle' || name.startsWith('kysely_')) continue;
    const { rows: n } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(n[0]?.n);
  }
  return counts;
}

const domain = () => t.config.studentEmailDomain;

// each was accepted before: a comment, a quoted local part, angle brackets
const hostileStudentEmails = () => [
  `student1.demo(alt)@${domain()}`,
  `"student1.demo"x@${domain()}`,
  `"student1.demo"@${domain()}`,
  `<student1.demo>@${domain()}`,
  `student1.demo.@${domain()}`,
];
const HOSTILE_AUTHORITY_EMAILS = [
  '"x"<atk@evil.com>',
  'x<atk@evil.com>',
  'warden(alt)@example.org',
  'warden@example.org(alt)',
  '"warden,atk"@evil.com',
  'warden..x@example.org',
];

describe('sign-up refuses anything but one plain local@domain', () => {
  it('answers 400 to each hostile student address, storing nothing and queuing no mail', async () => {
    for (const email of hostileStudentEmails()) {
      const before = await rowCounts();
      const res = await post('student-signup', studentBody(email));
      expect({ email, status: res.status, message: res.body.message }).toEqual({
        email,
        status: 400,
        message: MSG.emailDomain,
      });
      expect(await rowCounts(), email).toEqual(before);
    }
  });

  it('answers 400 to each hostile authority address, storing nothing and queuing no mail', async () => {
    for (const email of HOSTILE_AUTHORITY_EMAILS) {
      const before = await rowCounts();
      const res = await post('authority-signup', authorityBody(email));
      expect({ email, status: res.status, message: res.body.message }).toEqual({
        email,
        status: 400,
        message: MSG.emailInvalid,
      });
      expect(await rowCounts(), email).toEqual(before);
    }
  });

  it('answers 400 to a hostile address at login, verification, resend, forgot-password and reset-password too', async () => {
    const email = `student1.demo(alt)@${domain()}`;
    const calls: [string, Record<string, unknown>][] = [
      ['student-login', { email, password: 'correct-horse-9' }],
      ['authority-login', { email: '"x"<atk@evil.com>', password: 'correct-horse-9' }],
      ['admin-login', { email, password: 'correct-horse-9' }],
      ['verify-email', { email, otp: '123456' }],
      ['verify-authority-email', { email: '"x"<atk@evil.com>', otp: '123456' }],
      ['resend-otp', { email }],
      ['resend-authority-otp', { email: '"x"<atk@evil.com>' }],
      ['forgot-password', { email, role: 'student' }],
      ['reset-password', { email, otp: '123456', newPassword: 'new-password-1', role: 'student' }],
    ];
    const before = await rowCounts();
    for (const [url, body] of calls) {
      const res = await post(url, body);
      expect({ url, status: res.status, message: res.body.message }).toEqual({
        url,
        status: 400,
        message: MSG.emailInvalid,
      });
    }
    expect(await rowCounts()).toEqual(before);
    // the account the hostile address imitates is untouched: no code was mailed to it
    expect(await lastMail(t, student.email)).toBeUndefined();
  });

  it('refuses a hostile address in create-admin, creating no admin', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.db.dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    if (t.db.url) env.DATABASE_URL = t.db.url;
    const run = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        path.join(repoRoot, 'node_modules/.bin/tsx'),
        [
          'apps/server/src/cli.ts',
          'create-admin',
          '--email',
          '"x"<atk@evil.com>',
          '--password',
          'long-enough-1',
          '--name',
          'X',
        ],
        { cwd: repoRoot, env, timeout: 60_000 },
        (err, stdout, stderr) =>
          resolve({
            code: err ? (typeof err.code === 'number' ? err.code : 1) : 0,
            out: `${stdout}\n${stderr}`,
          }),
      );
    });
    expect(run.code).not.toBe(0);
    expect(run.out).toMatch(/--email: Please enter a valid email address/);
    const admins = await t.ctx.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([]);
  });
});

describe('the address stored is the address mailed', () => {
  it('mails a mixed-case sign-up to the one lower-cased address it stores, and never splits a stored address into several recipients', async () => {
    const typed = `Asha.MixedCase${uniq()}@BITMesra.AC.in`;
    const stored = typed.toLowerCase();
    expect((await post('student-signup', studentBody(typed))).status).toBe(201);
    const queued = await t.ctx.database.db.selectFrom('mail_outbox').select(['id', 'to_addr']).execute();
    expect(queued.filter((r) => r.to_addr.toLowerCase() === stored).map((r) => r.to_addr)).toEqual([stored]);

    // a row queued before this rule, holding what a mailer reads as two addresses
    const split = `victim@${domain()},atk@evil.com`;
    await t.ctx.database.db
      .insertInto('mail_outbox')
      .values({
        to_addr: split,
        subject: 'Old row',
        text_body: 'Old row',
        html_body: '<p>Old row</p>',
        created_at: t.clock.now(),
        attempts: 0,
        next_attempt_at: t.clock.now(),
        locked_until: null,
        sent_at: null,
        last_error: null,
      })
      .execute();

    const mails: { rcptTo: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const sender = startMailSender({
      ...t.ctx,
      config: { ...t.config, smtpUrl: `smtp://127.0.0.1:${port}` },
    });
    try {
      await sender.drain();
    } finally {
      await sender.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }

    const toStored = mails.filter((m) => m.rcptTo.includes(stored));
    expect(toStored).toHaveLength(1);
    expect(toStored[0]!.rcptTo).toEqual([stored]);
    expect(toStored[0]!.data).toMatch(new RegExp(`^To: ${stored.replace(/[.]/g, '\\.')}\\r?$`, 'm'));
    // whatever becomes of the old row, it is never mailed to each of the addresses it seems to hold
    const recipients = mails.flatMap((m) => m.rcptTo);
    expect(recipients).not.toContain('atk@evil.com');
    expect(recipients).not.toContain(`victim@${domain()}`);

    // and the account verified with the address as typed is the lower-cased one
    const code = (await lastMail(t, stored))!.code!;
    const verified = await post('verify-email', { email: typed, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email).toBe(stored);
  });
});
