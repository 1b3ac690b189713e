import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { buildApp } from '../../src/app';
import { manualClock } from '../../src/lib/clock';
import { CLI, freePort, sleep, waitForHealth } from '../faults/process';
import { createTestDatabase, TEST_DIALECT, type TestDb, testConfig } from '../harness';

const PASSWORD = 'log-secret-Password-71';
const NEW_PASSWORD = 'log-secret-Newpass-83';

describe('request logs', () => {
  let db: TestDb;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // the most talkative level: nothing secret may appear even there
    const config = testConfig(db.dataDir, { logLevel: 'trace' });
    app = await buildApp(config, {
      database: db.database,
      clock: manualClock(Date.UTC(2026, 0, 15, 10, 0, 0)),
      // codes are read from the outbox; the development mailbox, which prints them on purpose
      // (CONTRACT section 1), is not what a deployment with SMTP_URL runs
      mailSender: false,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** The 6-digit code of the newest mail to an address, read from the outbox as the sender would. */
  const codeMailedTo = async (to: string) => {
    const row = await db.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_addr', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(row.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  };

  it('holds one JSON line per request and never a password, code, session token or cookie', async () => {
    const email = `logs${process.pid}@bitmesra.ac.in`;
    const secrets: string[] = [PASSWORD, NEW_PASSWORD];
    let requests = 0;
    const send = async (
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}), headers });
      requests++;
      return res;
    };

    const signup = await send('POST', '/api/auth/student-signup', {
      name: 'Log Tester',
      rollNo: `BTECH/${process.pid}/23`,
      email,
      mobile: '9876543210',
      session: '2023-27',
      department: 'Computer Science',
      password: PASSWORD,
    });
    expect(signup.statusCode).toBe(201);
    const signupCode = await codeMailedTo(email);
    secrets.push(signupCode);

    const verified = await send('POST', '/api/auth/verify-email', { email, otp: signupCode });
    expect(verified.statusCode).toBe(200);
    secrets.push(verified.json().token);

    const login = await send('POST', '/api/auth/student-login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = login.json().token as string;
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    secrets.push(session, cookie);

    const filed = await send(
      'POST',
      '/api/complaints',
      { type: 'College', subType: 'IT Support', description: 'log test complaint' },
      { authorization: `Bearer ${session}` },
    );
    expect(filed.statusCode).toBe(201);
    expect((await send('GET', '/api/auth/check-auth', undefined, { cookie })).statusCode).toBe(200);
    // a wrong password and a wrong code: refused requests must not echo what was sent either
    expect(
      (await send('POST', '/api/auth/student-login', { email, password: `${PASSWORD}x` })).statusCode,
    ).toBe(401);
    secrets.push(`${PASSWORD}x`);

    expect((await send('POST', '/api/auth/forgot-password', { email, role: 'student' })).statusCode).toBe(
      200,
    );
    const resetCode = await codeMailedTo(email);
    secrets.push(resetCode);
    const reset = await send('POST', '/api/auth/reset-password', {
      email,
      role: 'student',
      otp: resetCode,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    const output = lines.join('');
    for (const secret of secrets)
      expect({ secret, found: output.includes(secret) }).toEqual({ secret, found: false });

    const parsed = lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l));
    const requestLines = parsed.filter((l) => l.reqId !== undefined);
    // one line per request, each naming its route pattern rather than its URL
    expect(requestLines).toHaveLength(requests);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(requests);
    expect(requestLines.find((l) => l.route === '/api/auth/reset-password')).toMatchObject({
      method: 'POST',
      status: 200,
      ms: expect.any(Number),
      msg: 'POST /api/auth/reset-password 200',
    });
  });
});

const SCRIPT = ['/usr/bin/script', '/bin/script'].find((p) => fs.existsSync(p));

// util-linux's script(1) gives the server a terminal for stdout, as `npm start` in a shell does
describe.skipIf(!SCRIPT || TEST_DIALECT !== 'sqlite')('logs in a terminal', () => {
  it('are readable lines, not JSON, when stdout is a terminal', async () => {
    if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build -w apps/server first`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-tty-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), WORKERS: '1' };
    for (const k of ['DATABASE_URL', 'SMTP_URL', 'NODE_OPTIONS', 'LOG_LEVEL']) delete env[k];
    const command = `${process.execPath} ${CLI} serve`;
    const proc = spawn(SCRIPT!, ['-qfec', command, '/dev/null'], {
      env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, 60_000, proc);
      await fetch(`http://127.0.0.1:${port}/api/health`);
      const deadline = Date.now() + 5_000;
      while (!/GET \/api\/health 200/.test(out) && Date.now() < deadline) await sleep(50);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      expect(plain).toMatch(/INFO.*GET \/api\/health 200/);
      expect(plain).not.toMatch(/^\{"level"/m);
    } finally {
      const gone = new Promise((r) => proc.once('exit', r));
      process.kill(-proc.pid!, 'SIGTERM');
      await gone;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
