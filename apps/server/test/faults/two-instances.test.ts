import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations';
import { LIMITS } from '../../src/services/accounts/throttle-limits';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';
import {
  call,
  complaintBody,
  insertStudent,
  insertStudents,
  killAllServers,
  type ServerProcess,
  startServer,
} from './process';

// several instances share state only through PostgreSQL; the embedded database serves one instance
if (TEST_DIALECT === 'postgres') {
  let t: TestDb;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    // a fresh, empty database: both instances find no schema and migrate at the same moment
    t = await createTestDatabase();
    const env = { DATA_DIR: t.dataDir, DATABASE_URL: t.url };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    await killAllServers();
    await t?.drop();
  });

  describe('two instances on one database (postgres)', () => {
    it('both instances migrating one empty database at the same moment start healthy with every migration applied once', async () => {
      expect((await call(a.url, 'GET', '/api/health')).status).toBe(200);
      expect((await call(b.url, 'GET', '/api/health')).status).toBe(200);
      const applied = await t.database.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      const names = applied.map((r) => (r as { name: string }).name);
      expect(names.sort()).toEqual(Object.keys(migrations('postgres')).sort());
    });

    it('a session made on one instance works on the other and logout on either revokes it on both', async () => {
      const student = await insertStudent(t);
      const login = await call(a.url, 'POST', '/api/auth/student-login', {
        body: { email: student.email, password: student.password },
      });
      expect(login.status).toBe(200);
      const token = login.body.token as string;
      expect((await call(b.url, 'GET', '/api/auth/check-auth', { token })).status).toBe(200);
      expect((await call(a.url, 'GET', '/api/auth/check-auth', { token })).status).toBe(200);

      expect((await call(b.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      expect((await call(a.url, 'GET', '/api/auth/check-auth', { token })).status).toBe(401);
      expect((await call(b.url, 'GET', '/api/auth/check-auth', { token })).status).toBe(401);
    });

    it('failed logins for one account from one address are counted across both instances', async () => {
      const student = await insertStudent(t);
      const max = LIMITS.loginPerAccount.max;
      const attempt = (server: ServerProcess, password: string) =>
        call(server.url, 'POST', '/api/auth/student-login', { body: { email: student.email, password } });
      for (let i = 0; i < max; i++) {
        const res = await attempt(i % 2 === 0 ? a : b, `wrong-password-${i}`);
        expect({ attempt: i + 1, status: res.status }).toEqual({ attempt: i + 1, status: 401 });
      }
      // blocked on both, even for the right password
      for (const server of [a, b]) {
        const res = await attempt(server, student.password);
        expect(res.status).toBe(429);
        expect(typeof res.body.message).toBe('string');
      }
    });

    it('complaints filed concurrently on both instances all get distinct tokens and none is lost', async () => {
      // ten students, twenty filings each: the daily quota of each, never past it
      const students = await insertStudents(t, 10);
      const tokens: string[] = [];
      const failures: string[] = [];
      const client = async (server: ServerProcess, c: number) => {
        for (let i = 0; i < 25; i++) {
          const n = c * 25 + i;
          const res = await call(server.url, 'POST', '/api/complaints', {
            token: students[n % students.length]!.token,
            body: complaintBody(c * 100 + i),
          });
          if (res.status === 201) tokens.push(res.body.token);
          else failures.push(`${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      await Promise.all(
        [a, b].flatMap((server, s) => Array.from({ length: 4 }, (_, c) => client(server, s * 4 + c))),
      );
      // a failure shows what the servers logged
      expect(failures, `${a.output()}\n${b.output()}`).toEqual([]);
      expect(tokens).toHaveLength(200);
      expect(new Set(tokens).size).toBe(200);
      const stored = await t.database.db
        .selectFrom('complaints')
        .select('token')
        .where(
          'student_id',
          'in',
          students.map((s) => s.id),
        )
        .execute();
      expect(stored.map((r) => r.token).sort()).toEqual([...tokens].sort());
      // and both instances see the same lists
      for (const server of [a, b]) {
        for (const student of students) {
          const list = await call(server.url, 'GET', '/api/complaints/student?pageSize=1', {
            token: student.token,
          });
          expect(list.body.count).toBe(20);
        }
      }
    });
  });
}
