import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLI,
  call,
  complaintBody,
  insertStudents,
  killAllServers,
  roundRobin,
  type ServerProcess,
  type Student,
  startServer,
} from '../faults/process';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');

/** `node dist/cli.js <args>` as the operator runs it; resolves with its exit code and output. */
function runCli(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS']) delete childEnv[k];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [CLI, ...args], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    proc.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    proc.once('error', reject);
    proc.once('exit', (code) => resolve({ code, output }));
  });
}

// the embedded database's own backup, taken while the server runs
if (TEST_DIALECT === 'sqlite') {
  let t: TestDb;
  let server: ServerProcess | undefined;
  let restoredServer: ServerProcess | undefined;
  let students: Student[];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-backup-'));

  beforeAll(async () => {
    t = await createTestDatabase();
    // 40 students x 20 complaints a day each: more filings than the test makes
    students = await insertStudents(t, 40);
    server = await startServer({ DATA_DIR: t.dataDir });
  });

  afterAll(async () => {
    await killAllServers();
    await t?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  describe('backup and restore of the embedded database', () => {
    it('a backup taken while complaints are being filed restores into a new DATA_DIR holding every complaint acknowledged before it began', async () => {
      const next = roundRobin(students);
      const acknowledged: { token: string; student: Student }[] = [];
      const failures: string[] = [];
      let filing = true;
      let n = 0;
      const filer = async () => {
        while (filing) {
          const student = next();
          const res = await call(server!.url, 'POST', '/api/complaints', {
            token: student.token,
            body: complaintBody(n++),
          });
          if (res.status === 201) acknowledged.push({ token: res.body.token, student });
          else failures.push(`${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      const filers = Array.from({ length: 4 }, filer);
      while (acknowledged.length < 100 && failures.length === 0) await new Promise((r) => setTimeout(r, 20));

      const before = [...acknowledged];
      const out = path.join(work, 'backup.db');
      const backup = await runCli(['backup', '--out', out], { DATA_DIR: t.dataDir });
      filing = false;
      await Promise.all(filers);

      expect(failures).toEqual([]);
      expect(backup).toMatchObject({ code: 0 });
      // filing went on while the copy was taken: the server was not paused for it
      expect(acknowledged.length).toBeGreaterThan(before.length);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);

      const restoredDir = path.join(work, 'restored');
      const restored = await runCli(['restore', '--in', out], { DATA_DIR: restoredDir });
      expect(restored).toMatchObject({ code: 0 });
      expect(fs.statSync(path.join(restoredDir, 'complaints.db')).mode & 0o777).toBe(0o600);

      const conn = new SQLite(path.join(restoredDir, 'complaints.db'), { readonly: true });
      expect(conn.pragma('integrity_check', { simple: true })).toBe('ok');
      conn.close();

      restoredServer = await startServer({ DATA_DIR: restoredDir });
      const missing: string[] = [];
      for (const { token, student } of before) {
        const res = await call(restoredServer.url, 'GET', `/api/complaints/${token}`, {
          token: student.token,
        });
        if (res.status !== 200 || res.body.data?.token !== token) missing.push(`${token}: ${res.status}`);
      }
      expect(missing).toEqual([]);
    });

    it('restore refuses to overwrite an existing database unless --force is given', async () => {
      const out = path.join(work, 'backup.db');
      const target = path.join(work, 'restored');
      await restoredServer?.stop();
      const refused = await runCli(['restore', '--in', out], { DATA_DIR: target });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/already exists.*--force/s);

      const forced = await runCli(['restore', '--in', out, '--force'], { DATA_DIR: target });
      expect(forced).toMatchObject({ code: 0 });
    });

    it('the nightly backup unit runs the backup as written in deploy/complaints-backup.service', async () => {
      const unit = fs.readFileSync(path.join(DEPLOY, 'complaints-backup.service'), 'utf8');
      const execStart = /^ExecStart=\/bin\/sh -c '(.*)'$/m.exec(unit)?.[1];
      expect(execStart).toBeDefined();
      const backups = path.join(work, 'nightly');
      fs.mkdirSync(backups);
      const command = execStart!
        .replace('/usr/bin/node', process.execPath)
        .replace('/opt/complaints/apps/server/dist/cli.js', CLI)
        .replace('/var/backups/complaints', backups)
        .replaceAll('%%', '%');
      const res = spawnSync('/bin/sh', ['-c', command], {
        env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(0);
      const today = new Date();
      const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
        .map((n) => String(n).padStart(2, '0'))
        .join('-');
      expect(fs.readdirSync(backups)).toEqual([`complaints-${day}.backup`]);
    });

    it('backup refuses a DATA_DIR that holds no database instead of writing an empty copy', async () => {
      const res = await runCli(['backup', '--out', path.join(work, 'none.db')], {
        DATA_DIR: path.join(work, 'empty'),
      });
      expect(res.code).toBe(1);
      expect(res.output).toMatch(/No database/);
      expect(fs.existsSync(path.join(work, 'none.db'))).toBe(false);
    });
  });
}

// with DATABASE_URL the commands hand over to PostgreSQL's own tools
if (TEST_DIALECT === 'postgres') {
  let source: TestDb;
  let target: TestDb;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-pgbackup-'));

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop()]);
    fs.rmSync(work, { recursive: true, force: true });
  });

  describe('backup and restore on PostgreSQL', () => {
    it('pg_dump backs up, pg_restore restores into an empty database, and a non-empty one needs --force', async () => {
      const students = await insertStudents(source, 3);
      const out = path.join(work, 'pg.backup');
      const backup = await runCli(['backup', '--out', out], { DATA_DIR: work, DATABASE_URL: source.url });
      expect(backup).toMatchObject({ code: 0 });
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);

      const restored = await runCli(['restore', '--in', out], { DATA_DIR: work, DATABASE_URL: target.url });
      expect(restored).toMatchObject({ code: 0 });
      const emails = await target.database.db.selectFrom('users').select('email').orderBy('id').execute();
      expect(emails.map((r) => r.email)).toEqual(students.map((s) => s.email));

      const refused = await runCli(['restore', '--in', out], { DATA_DIR: work, DATABASE_URL: target.url });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/not empty.*--force/s);
      const forced = await runCli(['restore', '--in', out, '--force'], {
        DATA_DIR: work,
        DATABASE_URL: target.url,
      });
      expect(forced).toMatchObject({ code: 0 });
    });

    it('backup exits with code 2 and says so when pg_dump is not installed', async () => {
      const empty = fs.mkdtempSync(path.join(work, 'path-'));
      const res = await runCli(['backup', '--out', path.join(work, 'never.backup')], {
        DATA_DIR: work,
        DATABASE_URL: source.url,
        PATH: empty,
      });
      expect(res.code).toBe(2);
      expect(res.output).toMatch(/pg_dump is not installed/);
      expect(fs.existsSync(path.join(work, 'never.backup'))).toBe(false);
    });
  });
}
