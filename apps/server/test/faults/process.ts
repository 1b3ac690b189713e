/**
 * Helpers for the fault-tolerance tests: the real server (dist/cli.js) as a child process,
 * free ports, and a student with a live session written straight into the test database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from '../../src/db/migrate';
import { newSessionToken, sha256 } from '../../src/lib/crypto';
import { hashPassword } from '../../src/lib/passwords';
import type { TestDb } from '../harness';

/** The built server; FAULTS_SERVER_CLI points the tests at another build (e.g. a deliberately broken one). */
export const CLI =
  process.env.FAULTS_SERVER_CLI ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli.js');

/** A TCP port nothing listens on right now (the OS picks it, then it is released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  /** stdout + stderr so far, for failure messages */
  output(): string;
  /** Sends the signal (SIGTERM by default) and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL: no shutdown code runs at all. */
  kill9(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills (SIGKILL) every server this helper started that is still alive: for afterAll/afterEach. */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) return resolve();
          p.once('exit', () => resolve());
          p.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}

export interface ServerEnv {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  PORT?: number;
  [key: string]: string | number | undefined;
}

/** GET /api/health until it answers 200, or throws after `timeoutMs`. */
export async function waitForHealth(url: string, timeoutMs = 60_000, proc?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (proc && (proc.exitCode !== null || proc.signalCode !== null))
      throw new Error(`server exited (${proc.exitCode ?? proc.signalCode}) before it was healthy`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(4000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms (${last})`);
}

/** Starts `node dist/cli.js serve` and waits until /api/health answers 200. */
export async function startServer(
  env: ServerEnv,
  opts: { waitHealthy?: boolean } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build -w apps/server first`);
  const port = env.PORT ?? (await freePort());
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // nothing inherited may point the server elsewhere, or change its V8 flags (workers.test.ts)
  for (const k of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'NODE_OPTIONS'])
    delete childEnv[k];
  Object.assign(childEnv, {
    // one process, so that a SIGKILL takes the whole server down (workers.test.ts runs several)
    WORKERS: '1',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  });
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = String(v);
  childEnv.PORT = String(port);

  const proc = spawn(process.execPath, [CLI, 'serve'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(proc);
  let out = '';
  const keep = (c: Buffer) => {
    out = (out + c.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    proc.once('exit', (code) => {
      running.delete(proc);
      resolve(code);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    proc,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
    async kill9() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
  if (opts.waitHealthy !== false) {
    try {
      await waitForHealth(url, 60_000, proc);
    } catch (err) {
      await server.kill9();
      throw new Error(`${(err as Error).message}\n--- server output ---\n${out}`);
    }
  }
  return server;
}

export interface JsonResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of every shape
  body: any;
  ms: number;
}

/** fetch + JSON, with a bearer token and a hard client-side timeout (a hang becomes a failure, not a stuck test). */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<JsonResponse> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, ms: Date.now() - started };
}

let seq = 0;
const uniq = () => `${process.pid}${Date.now() % 100000}${++seq}`;
export const STUDENT_PASSWORD = 'fault-tolerant-9';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => {
  cachedHash ??= hashPassword(STUDENT_PASSWORD);
  return cachedHash;
};

export interface Student {
  id: number;
  email: string;
  password: string;
  /** a live session token (only its sha256 is stored, as the server does) */
  token: string;
}

/**
 * Migrates the test database and inserts a verified student with a live session, the way
 * test/factories.ts does, without a running app.
 */
export async function insertStudent(t: TestDb): Promise<Student> {
  const [student] = await insertStudents(t, 1);
  return student!;
}

/**
 * `count` students at once (in one transaction). The fault tests file hundreds of complaints, and
 * one student may file at most 20 a day (CONTRACT 5.9), so they file through a pool of students.
 */
export async function insertStudents(t: TestDb, count: number): Promise<Student[]> {
  const db = t.database.db;
  await migrateToLatest(db, t.database.dialect);
  const hash = await passwordHash();
  return db.transaction().execute(async (trx) => {
    const students: Student[] = [];
    for (let i = 0; i < count; i++) {
      const n = uniq();
      const now = Date.now();
      const email = `fault${n}@bitmesra.ac.in`;
      const row = await trx
        .insertInto('users')
        .values({
          role: 'student',
          name: `Fault Student ${n}`,
          email,
          mobile: '9876543210',
          department: 'Computer Science',
          designation: null,
          hostel_no: null,
          roll_no: `BTECH/${n}/23`,
          session: '2023-27',
          verified: 1,
          approved: 1,
          created_at: now,
          updated_at: now,
          password_hash: hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = newSessionToken();
      await trx
        .insertInto('sessions')
        .values({
          token_hash: sha256(token),
          user_id: Number(row.id),
          created_at: now,
          expires_at: now + 12 * 60 * 60 * 1000,
          revoked_at: null,
        })
        .execute();
      students.push({ id: Number(row.id), email, password: STUDENT_PASSWORD, token });
    }
    return students;
  });
}

/** Hands out the students of a pool in turn, so none files more than its daily quota. */
export function roundRobin<T>(pool: T[]): () => T {
  let i = 0;
  return () => pool[i++ % pool.length]!;
}

/** A valid complaint body; `i` makes each description distinct. */
export const complaintBody = (i: number) =>
  i % 2 === 0
    ? {
        type: 'Hostel',
        hostelNo: (i % 13) + 1,
        roomNo: `A-${i}`,
        subType: 'Electrical',
        description: `fault test ${i}`,
      }
    : { type: 'College', subType: 'IT Support', description: `fault test ${i}` };
