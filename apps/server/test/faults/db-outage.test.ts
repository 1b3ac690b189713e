import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';
import {
  call,
  complaintBody,
  insertStudent,
  killAllServers,
  type ServerProcess,
  type Student,
  sleep,
  startServer,
} from './process';
import { type CutMode, type DbProxy, startProxy } from './proxy';

// the outage is made with a proxy in front of PostgreSQL; the embedded database has no network to lose
if (TEST_DIALECT === 'postgres') {
  let t: TestDb;
  let student: Student;
  let proxy: DbProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    t = await createTestDatabase();
    student = await insertStudent(t);
    const real = new URL(t.url!);
    proxy = await startProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(t.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer({ DATA_DIR: t.dataDir, DATABASE_URL: viaProxy.toString() });
  });

  afterAll(async () => {
    await killAllServers();
    await proxy?.close();
    await t?.drop();
  });

  /** The requests a user makes, each timed: a session lookup, a login, a filing, the health check. */
  const requests = () =>
    Promise.all([
      call(server.url, 'GET', '/api/complaints/student', { token: student.token, timeoutMs: 10_000 }).then(
        (r) => ({
          what: 'GET /api/complaints/student',
          ...r,
        }),
      ),
      call(server.url, 'POST', '/api/auth/student-login', {
        body: { email: student.email, password: student.password },
        timeoutMs: 10_000,
      }).then((r) => ({ what: 'POST /api/auth/student-login', ...r })),
      call(server.url, 'POST', '/api/complaints', {
        token: student.token,
        body: complaintBody(1),
        timeoutMs: 10_000,
      }).then((r) => ({ what: 'POST /api/complaints', ...r })),
    ]);

  async function expectAllWorking() {
    const [list, login, filed] = await requests();
    expect(list.status).toBe(200);
    expect(login.status).toBe(200);
    expect(filed.status).toBe(201);
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
  }

  async function expectUnavailable() {
    const [results, health] = await Promise.all([
      requests(),
      call(server.url, 'GET', '/api/health', { timeoutMs: 10_000 }).then((r) => ({
        what: 'GET /api/health',
        ...r,
      })),
    ]);
    for (const r of [...results, health]) {
      expect({ what: r.what, status: r.status }).toEqual({ what: r.what, status: 503 });
      expect(typeof r.body.message, r.what).toBe('string');
      expect(r.ms, `${r.what} took ${r.ms} ms`).toBeLessThan(5000);
    }
  }

  async function recoversWithin(ms: number) {
    const started = Date.now();
    for (;;) {
      const res = await call(server.url, 'GET', '/api/health', { timeoutMs: 10_000 }).catch(() => undefined);
      if (res?.status === 200) return Date.now() - started;
      if (Date.now() - started > ms)
        throw new Error(
          `not healthy ${ms} ms after the database came back (last: ${res?.status} ${JSON.stringify(res?.body)})\n--- server output ---\n${server.output()}`,
        );
      await sleep(100);
    }
  }

  async function outage(mode: CutMode) {
    // the pool holds open connections through the proxy when the cut comes
    await expectAllWorking();
    await proxy.cut(mode);
    await expectUnavailable();
    // and again, once the pool has given up on its old connections
    await expectUnavailable();
    await proxy.restore();
    const took = await recoversWithin(8000);
    expect(took).toBeLessThan(8000);
    await expectAllWorking();
    // the same process served throughout
    expect(server.proc.exitCode).toBeNull();
  }

  describe('database outage (postgres)', () => {
    it('with the database blackholed requests answer 503 within 5 s and the same process recovers once it is back', async () => {
      await outage('blackhole');
    }, 40_000);

    it('with database connections refused requests answer 503 within 5 s and the same process recovers once it is back', async () => {
      await outage('refuse');
    }, 40_000);

    it('a database connection reset while queries are in flight answers 503 and does not crash the process', async () => {
      await expectAllWorking();
      await proxy.cut('blackhole');
      // these queries are now sent on connections that will never answer
      const pending = requests();
      await sleep(1000);
      // the database comes back, as after a restart: the old connections are reset mid-query
      await proxy.restore();
      const answered = await pending.catch((err: Error) => err);
      await sleep(500);
      // before anything else: the process survived the reset
      expect(server.proc.exitCode, server.output()).toBeNull();
      expect(answered).not.toBeInstanceOf(Error);
      for (const r of answered as Awaited<typeof pending>) {
        expect({ what: r.what, status: r.status }).toEqual({ what: r.what, status: 503 });
        expect(typeof r.body.message, r.what).toBe('string');
      }
      await recoversWithin(8000);
      await expectAllWorking();
    }, 40_000);
  });
}
