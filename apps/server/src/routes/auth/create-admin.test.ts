import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, DEFAULT_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

const repoRoot = path.resolve(__dirname, '../../../../..');

let t: TestApp;
type Run = { code: number; out: string };
let refused: Promise<[Run, Run, Run, Run]>;
beforeAll(async () => {
  t = await createTestApp();
  await buildStudent(t, { email: 'taken.student@bitmesra.ac.in' });
  // the refused runs change no account, so they overlap with the others to keep the file quick
  refused = Promise.all([
    createAdmin(['--email', 'other.admin@bitmesra.ac.in', '--password', 'long-enough-1']),
    createAdmin(['--email', 'other.admin@bitmesra.ac.in', '--password', 'short', '--name', 'Other']),
    createAdmin(['--email', 'taken.student@bitmesra.ac.in', '--password', 'long-enough-1', '--name', 'X']),
    // longer than any sign-up may set: create-admin follows the contract's password rule
    createAdmin(['--email', 'other.admin@bitmesra.ac.in', '--password', 'x'.repeat(129), '--name', 'Other']),
  ]);
});
afterAll(async () => t.close());

/** Runs `cli.ts create-admin` against this file's database (SQLite file or PostgreSQL). */
function createAdmin(args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.db.dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  if (t.db.url) env.DATABASE_URL = t.db.url;
  return new Promise((resolve) => {
    // the tsx that `npx tsx` resolves to, without npx's own start-up time
    execFile(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      ['apps/server/src/cli.ts', 'create-admin', ...args],
      { cwd: repoRoot, env, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, out: `${stdout}\n${stderr}` });
      },
    );
  });
}

const adminLogin = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/admin-login', payload: { email, password } });

describe('create-admin', () => {
  const email = 'chief.admin@bitmesra.ac.in';

  it('creates an admin who can sign in, and prints no password', async () => {
    const res = await createAdmin([
      '--email',
      email,
      '--password',
      'first-secret-1',
      '--name',
      'Chief Admin',
    ]);
    expect(res.code).toBe(0);
    expect(res.out).not.toContain('first-secret-1');
    const login = await adminLogin(email, 'first-secret-1');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'admin', name: 'Chief Admin', email });
  });

  it('run again with the same email resets the password: the new one works, the old one fails', async () => {
    const res = await createAdmin([
      '--email',
      email,
      '--password',
      'second-secret-2',
      '--name',
      'Chief Admin',
    ]);
    expect(res.code).toBe(0);
    expect(res.out).not.toContain('second-secret-2');
    expect((await adminLogin(email, 'second-secret-2')).status).toBe(200);
    expect((await adminLogin(email, 'first-secret-1')).status).toBe(401);
    const rows = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('fails with a message when --name is missing, or the password breaks the sign-up rules', async () => {
    const [noName, short, , long] = await refused;
    expect(long.code).not.toBe(0);
    expect(long.out).toMatch(/at most 128 characters/);
    expect(noName.code).not.toBe(0);
    expect(noName.out).toMatch(/--name/);
    expect(short.code).not.toBe(0);
    expect(short.out).toMatch(/at least 8 characters/);
    const rows = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'other.admin@bitmesra.ac.in')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses an email that belongs to a student, and leaves the student alone', async () => {
    const [, , res] = await refused;
    expect(res.code).not.toBe(0);
    expect(res.out).toMatch(/student/);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      payload: { email: 'taken.student@bitmesra.ac.in', password: DEFAULT_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect((await adminLogin('taken.student@bitmesra.ac.in', 'long-enough-1')).status).toBe(401);
  });
});
