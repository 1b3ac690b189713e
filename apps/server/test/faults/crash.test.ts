import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';
import {
  call,
  complaintBody,
  insertStudents,
  killAllServers,
  roundRobin,
  type ServerEnv,
  type Student,
  sleep,
  startServer,
} from './process';

let t: TestDb;
// a pool of students, each filing at most its daily quota of 20 (CONTRACT 5.9)
let students: Student[];
let nextStudent: () => Student;
/** who filed each acknowledged complaint, to read it back as its owner */
const ownerOf = new Map<string, Student>();
let env: ServerEnv;

beforeAll(async () => {
  t = await createTestDatabase();
  students = await insertStudents(t, 600);
  nextStudent = roundRobin(students);
  if (TEST_DIALECT === 'sqlite') {
    // the server process is the only one holding the file while it is killed
    await t.database.close();
  }
  env = { DATA_DIR: t.dataDir, DATABASE_URL: t.url };
});

afterAll(async () => {
  await killAllServers();
  await t?.drop();
});

const CLIENTS = 4;
const ROUNDS = 3;

/** Files complaints from `CLIENTS` loops until the server dies; returns the tokens whose 201 arrived. */
async function fileUntilKilled(base: string, killAfterMs: number, kill: () => Promise<void>) {
  const accepted: string[] = [];
  const unexpected: string[] = [];
  let killed = false;
  let i = 0;
  const client = async () => {
    for (;;) {
      try {
        const filer = nextStudent();
        const res = await call(base, 'POST', '/api/complaints', {
          token: filer.token,
          body: complaintBody(i++),
        });
        if (res.status === 201) {
          accepted.push(res.body.token);
          ownerOf.set(res.body.token, filer);
        } else unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
      } catch (err) {
        // a connection error is expected once the process is gone, and only then
        if (!killed) unexpected.push(`before the kill: ${(err as Error).message}`);
        return;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  await sleep(killAfterMs);
  killed = true;
  await kill();
  await Promise.all(clients);
  return { accepted, unexpected };
}

describe(`crash safety (${TEST_DIALECT})`, () => {
  it('every complaint acknowledged with 201 survives three SIGKILLs of the server mid-stream and the database opens cleanly', async () => {
    const all: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer(env);
      const { accepted, unexpected } = await fileUntilKilled(server.url, 500 + Math.random() * 500, () =>
        server.kill9(),
      );
      expect(unexpected, server.output()).toEqual([]);
      // the stream really ran before the kill
      expect(accepted.length).toBeGreaterThan(0);
      all.push(...accepted);
    }
    expect(new Set(all).size).toBe(all.length);

    const server = await startServer(env);
    const health = await call(server.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });

    const missing: string[] = [];
    for (let k = 0; k < all.length; k += 16) {
      await Promise.all(
        all.slice(k, k + 16).map(async (token) => {
          const res = await call(server.url, 'GET', `/api/complaints/${token}`, {
            token: ownerOf.get(token)!.token,
          });
          if (
            res.status !== 200 ||
            res.body.data.token !== token ||
            res.body.data.history[0]?.status !== 'Pending'
          )
            missing.push(`${token}: ${res.status}`);
        }),
      );
    }
    expect(missing).toEqual([]);
    // a request whose response was lost in the kill may still have committed: at least, never fewer
    let listed = 0;
    for (const student of students) {
      const list = await call(server.url, 'GET', '/api/complaints/student?pageSize=1', {
        token: student.token,
      });
      expect(list.status).toBe(200);
      listed += list.body.count;
    }
    expect(listed).toBeGreaterThanOrEqual(all.length);

    expect(await server.stop('SIGTERM')).toBe(0);

    // every complaint committed whole: its filing history row and its counter with it
    let complaints: number;
    let filings: number;
    let counter: number;
    if (TEST_DIALECT === 'sqlite') {
      const conn = new SQLite(path.join(t.dataDir, 'complaints.db'));
      try {
        expect(conn.pragma('integrity_check', { simple: true })).toBe('ok');
        complaints = Number(conn.prepare('select count(*) from complaints').pluck().get());
        filings = Number(
          conn.prepare("select count(*) from complaint_history where status = 'Pending'").pluck().get(),
        );
        counter = Number(
          conn.prepare("select value from counters where key = 'c:all:Pending'").pluck().get(),
        );
      } finally {
        conn.close();
      }
    } else {
      const db = t.database.db;
      complaints = Number(
        (
          await db
            .selectFrom('complaints')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      filings = Number(
        (
          await db
            .selectFrom('complaint_history')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'Pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
      counter = Number(
        (
          await db
            .selectFrom('counters')
            .select('value')
            .where('key', '=', 'c:all:Pending')
            .executeTakeFirstOrThrow()
        ).value,
      );
    }
    expect(complaints).toBe(listed);
    expect(filings).toBe(complaints);
    expect(counter).toBe(complaints);
    // about 38 s beside three other test files on two cores; the assertions, not the clock, decide
  }, 90_000);
});
