/**
 * A client that closes its connection mid-body (or a slow one cut off by requestTimeout) is the
 * client's doing: one short log line says so, without a stack. Each used to log a warning with a
 * stack trace, misread as "database unavailable" (3,000 slow sockets → 3,100 warnings).
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildAdmin } from '../factories';
import { createTestDatabase, type TestApp, type TestDb, testConfig } from '../harness';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

let db: TestDb;
let app: FastifyInstance;
let port: number;
const lines: LogLine[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp(testConfig(db.dataDir, { logLevel: 'info' }), {
    database: db.database,
    mailSender: false,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** Sends a request announcing `Content-Length: 100000`, writes the start of the body, and hangs up. */
function abortMidBody(url: string, headers: Record<string, string>, bodyStart: string) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const head = Object.entries({ host: `127.0.0.1:${port}`, 'content-length': '100000', ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST ${url} HTTP/1.1\r\n${head}\r\n${bodyStart}`);
      // long enough for the server to have started reading the body
      setTimeout(() => socket.destroy(), 150);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

/** The lines logged since `from` for the one request sent meanwhile. */
async function linesOfRequest(from: number): Promise<LogLine[]> {
  // the server sees the hang-up a moment after the client
  await new Promise((r) => setTimeout(r, 300));
  // the one request in flight is the only one logging (no "incoming request" line any more:
  // src/ops/logging.ts writes one line per request, and a request cut off never completes)
  const mine = lines.slice(from).filter((l) => l.reqId !== undefined);
  expect(new Set(mine.map((l) => l.reqId)).size).toBe(1);
  return mine;
}

/** One line, at info or below (it is not the server's fault), saying so, with no error or stack. */
function expectOneShortLine(logged: LogLine[]) {
  expect(logged).toHaveLength(1);
  expect(logged[0]?.msg).toMatch(/aborted/);
  expect(logged[0]?.level).toBeLessThanOrEqual(30);
  expect(logged[0]?.err).toBeUndefined();
  expect(JSON.stringify(logged[0])).not.toMatch(/stack|\\n\s+at /);
}

describe('a request whose client hangs up mid-body', () => {
  it('logs one short line without a stack for a JSON body (a login)', async () => {
    const from = lines.length;
    await abortMidBody(
      '/api/auth/admin-login',
      { 'content-type': 'application/json' },
      '{"email":"admin@bitmesra.ac.in","password":"',
    );
    expectOneShortLine(await linesOfRequest(from));
  });

  it('logs one short line without a stack for a multipart upload (a notice with a PDF)', async () => {
    // the factories want a TestApp; this app is built here, to log into `lines`
    const admin = await buildAdmin({ ctx: app.ctx, clock: app.ctx.clock } as unknown as TestApp);
    const from = lines.length;
    await abortMidBody(
      '/api/notifications',
      { 'content-type': 'multipart/form-data; boundary=xyz', authorization: `Bearer ${admin.token}` },
      '--xyz\r\ncontent-disposition: form-data; name="title"\r\n\r\nMenu\r\n--xyz\r\ncontent-disposition: form-data; name="pdf"; filename="m.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    expectOneShortLine(await linesOfRequest(from));
  });

  it('logs one line per hang-up and no warning for 20 of them at once', async () => {
    const from = lines.length;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        abortMidBody('/api/auth/student-login', { 'content-type': 'application/json' }, '{"email":'),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const logged = lines.slice(from);
    expect(logged.filter((l) => /aborted/.test(l.msg))).toHaveLength(20);
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
  });
});
