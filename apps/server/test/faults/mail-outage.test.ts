import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';
import { call, freePort, killAllServers, sleep, startServer } from './process';

let t: TestDb;
let sink: SMTPServer | undefined;
const received: { to: string; body: string }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateToLatest(t.database.db, t.database.dialect);
});

afterAll(async () => {
  await killAllServers();
  if (sink) await new Promise<void>((resolve) => sink!.close(() => resolve()));
  await t?.drop();
});

function startSink(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo)
          received.push({ to: r.address, body: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const outbox = () =>
  t.database.db
    .selectFrom('mail_outbox')
    .select(['to_addr', 'subject', 'sent_at', 'attempts'])
    .orderBy('id')
    .execute();

let n = 0;
const signupBody = () => {
  const k = `${process.pid}${Date.now() % 100000}${++n}`;
  return {
    name: `Mail Outage ${k}`,
    rollNo: `BTECH/${k}/23`,
    email: `outage${k}@bitmesra.ac.in`,
    mobile: '9876543210',
    session: '2023-27',
    department: 'Computer Science',
    password: 'correct-horse-9',
  };
};

describe(`mail outage (${TEST_DIALECT})`, () => {
  it('signup answers 201 while the SMTP server is down and each queued code mail arrives exactly once after a restart', async () => {
    // a port where nothing listens now; the sink takes it later, so SMTP_URL never changes
    const smtpPort = await freePort();
    const env = { DATA_DIR: t.dataDir, DATABASE_URL: t.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };

    const first = await startServer(env);
    const emails: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = signupBody();
      const res = await call(first.url, 'POST', '/api/auth/student-signup', { body });
      expect(res.status, first.output()).toBe(201);
      expect(typeof res.body.message).toBe('string');
      // signup does not wait on SMTP
      expect(res.ms).toBeLessThan(3000);
      emails.push(body.email);
    }

    // the sender tried, failed and kept every row queued
    const deadline = Date.now() + 10_000;
    let rows = await outbox();
    while (Date.now() < deadline && !(rows.length === 3 && rows.every((r) => r.attempts >= 1))) {
      await sleep(200);
      rows = await outbox();
    }
    expect(rows.map((r) => r.to_addr).sort()).toEqual([...emails].sort());
    for (const r of rows) {
      expect(r.attempts).toBeGreaterThanOrEqual(1);
      expect(r.sent_at).toBeNull();
    }
    expect(received).toEqual([]);

    expect(await first.stop('SIGTERM')).toBe(0);

    sink = await startSink(smtpPort);
    const second = await startServer(env);
    const waitUntil = Date.now() + 20_000;
    while (Date.now() < waitUntil && received.length < 3) await sleep(200);
    // a little longer: a duplicate would show up now
    await sleep(2500);

    expect(received.map((m) => m.to).sort()).toEqual([...emails].sort());
    const codes = (await outbox()).map((r) => /\b(\d{6})\b/.exec(r.subject)?.[1]);
    for (const r of await outbox()) {
      expect(r.sent_at).not.toBeNull();
      const code = /\b(\d{6})\b/.exec(r.subject)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const mail = received.find((m) => m.to === r.to_addr);
      expect(mail?.body).toContain(code);
    }
    expect(new Set(codes).size).toBe(3);

    expect(await second.stop('SIGTERM')).toBe(0);
  }, 40_000);
});
