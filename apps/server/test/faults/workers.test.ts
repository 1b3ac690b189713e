import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';
import {
  call,
  complaintBody,
  insertStudents,
  killAllServers,
  type ServerProcess,
  type Student,
  sleep,
  startServer,
} from './process';

/** The server processes a supervisor runs (its children). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

let t: TestDb;
let students: Student[];
let server: ServerProcess;

beforeAll(async () => {
  t = await createTestDatabase();
  // three students, twenty filings each: the daily quota of each (CONTRACT 5.9)
  students = await insertStudents(t, 3);
  server = await startServer({ DATA_DIR: t.dataDir, DATABASE_URL: t.url, WORKERS: 2 });
});

afterAll(async () => {
  await killAllServers();
  await t?.drop();
});

const fileMany = (from: number, n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      call(server.url, 'POST', '/api/complaints', {
        token: students[(from + i) % students.length]!.token,
        body: complaintBody(from + i),
      }),
    ),
  );

describe(`several server processes on one database (${TEST_DIALECT})`, () => {
  it('start on a new, empty database with every worker up and none replaced', async () => {
    const empty = await createTestDatabase();
    try {
      const fresh = await startServer({ DATA_DIR: empty.dataDir, DATABASE_URL: empty.url, WORKERS: 3 });
      await waitFor(() => workersOf(fresh.proc.pid!).length === 3, 'three workers');
      expect((await call(fresh.url, 'GET', '/api/health')).status).toBe(200);
      expect(await fresh.stop('SIGTERM')).toBe(0);
      // a worker that died on start would have been reported and replaced
      expect(fresh.output()).not.toMatch(/stopped|already exists|Error/i);
    } finally {
      await empty.drop();
    }
    // a fresh database's migrations and three workers' start: over the suite's 30 s when the machine is loaded
  }, 90_000);

  it('migrates before starting any worker, and starts none when the migrations fail', async () => {
    // a data directory that cannot exist: a path under a regular file
    const blocker = path.join(t.dataDir, 'not-a-directory');
    fs.writeFileSync(blocker, '');
    const broken = await startServer(
      { DATA_DIR: path.join(blocker, 'data'), DATABASE_URL: undefined, WORKERS: 2 },
      { waitHealthy: false },
    );
    expect(await broken.stop('SIGCONT')).toBe(1);
    expect(broken.output()).toMatch(/The database could not be migrated; the server is not started/);
    expect(broken.output()).not.toMatch(/worker stopped/);
  });

  it('runs WORKERS processes on the one port, and concurrent filings through them all commit with their counters', async () => {
    await waitFor(() => workersOf(server.proc.pid!).length === 2, 'two workers');
    const results = await fileMany(0, 60);
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(201));
    expect(new Set(results.map((r) => r.body.token)).size).toBe(60);

    const { n } = await t.database.db
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(60);
    const pending = await t.database.db
      .selectFrom('counters')
      .select('value')
      .where('key', '=', 'c:all:Pending')
      .executeTakeFirstOrThrow();
    expect(Number(pending.value)).toBe(60);

    // each student's own list, read back through whichever worker answers
    for (const student of students) {
      const mine = await call(server.url, 'GET', '/api/complaints/student?pageSize=100', {
        token: student.token,
      });
      expect(mine.status).toBe(200);
      expect(mine.body.count).toBe(20);
    }
  });

  it("caps each worker's V8 heap, so that garbage cannot pile up to hundreds of megabytes", async () => {
    await waitFor(() => workersOf(server.proc.pid!).length === 2, 'two workers');
    for (const pid of workersOf(server.proc.pid!)) {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--max-old-space-size=128');
      expect(argv).toContain('--max-semi-space-size=4');
    }
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const before = workersOf(server.proc.pid!);
    expect(before).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    // the other worker answers new connections meanwhile (kept-alive connections that belonged
    // to the dead one are reset, as with any server process that dies)
    const started = Date.now();
    await waitFor(
      async () => (await freshHealthStatus(server.url).catch(() => 0)) === 200,
      'an answer from the surviving worker',
      5_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitFor(() => {
      const now = workersOf(server.proc.pid!);
      return now.length === 2 && !now.includes(before[0]!);
    }, 'a replacement worker');
    // then the replacement takes its share of new connections
    await waitFor(
      async () => (await freshHealthStatus(server.url).catch(() => 0)) === 200,
      'answers after the replacement',
    );
  });

  it('stops every worker and exits cleanly on SIGTERM', async () => {
    const workers = workersOf(server.proc.pid!);
    expect(await server.stop('SIGTERM')).toBe(0);
    await waitFor(() => workers.every((pid) => !isAlive(pid)), 'the workers to exit', 5_000);
  });
});

/** GET /api/health on a connection of its own. */
function freshHealthStatus(base: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/api/health`, { agent: false, timeout: 1_000 }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error('timeout'));
      })
      .on('error', reject);
  });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
