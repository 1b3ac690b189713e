/**
 * Whose address a request is counted against (CONTRACT 5.9). With `TRUST_PROXY=true` the server
 * believed the left-most X-Forwarded-For entry, which the client writes itself: a rotating header
 * (or what an appending proxy forwards, `198.51.100.$i, 127.0.0.31`) made every request a new
 * address, and 60 failed admin logins never met a 429. TRUST_PROXY now takes the number of
 * proxies or their addresses, and the client is the right-most address no trusted proxy added.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { createTestDatabase, type TestDb, testConfig } from '../harness';

let db: TestDb;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await db.drop();
});

/** The app as configured, plus a route answering the client address and protocol it sees. */
async function appTrusting(trustProxy: AppConfig['trustProxy']) {
  const app = await buildApp(testConfig(db.dataDir, { trustProxy }), {
    database: db.database,
    logger: false,
    mailSender: false,
  });
  app.get('/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  await app.ready();
  apps.push(app);
  return async (remoteAddress: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/test/client', remoteAddress, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as { ip: string; protocol: string };
  };
}

/** The proxy in front of the server, as the server's socket sees it. */
const PROXY = '127.0.0.1';

describe('TRUST_PROXY=1 (one proxy in front of the server)', () => {
  it('counts 60 requests whose client rotated X-Forwarded-For as the one address the proxy saw', async () => {
    const client = await appTrusting(1);
    const seen = new Set<string>();
    for (let i = 1; i <= 60; i++)
      seen.add((await client(PROXY, { 'x-forwarded-for': `198.51.100.${i}, 127.0.0.31` })).ip);
    expect([...seen]).toEqual(['127.0.0.31']);
  });

  it('takes the address the proxy added when the client sent no header of its own', async () => {
    const client = await appTrusting(1);
    expect((await client(PROXY, { 'x-forwarded-for': '203.0.113.9' })).ip).toBe('203.0.113.9');
  });

  it('believes the proxy’s X-Forwarded-Proto, so the session cookie can be Secure', async () => {
    const client = await appTrusting(1);
    expect((await client(PROXY, { 'x-forwarded-proto': 'https' })).protocol).toBe('https');
  });

  it('with two proxies, skips both of their entries and no more', async () => {
    const client = await appTrusting(2);
    const header = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9, 10.0.0.2' };
    expect((await client(PROXY, header)).ip).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY=127.0.0.0/8 (the proxies’ addresses)', () => {
  it('does not believe an X-Forwarded-For sent straight from an outside address', async () => {
    const client = await appTrusting(['127.0.0.0/8']);
    const forged = { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' };
    expect(await client('203.0.113.50', forged)).toEqual({ ip: '203.0.113.50', protocol: 'http' });
  });

  it('takes the right-most address outside the list from a listed proxy', async () => {
    const client = await appTrusting(['127.0.0.0/8']);
    // the client wrote 198.51.100.1; the proxy at 127.0.0.5 added the client's address, 203.0.113.9
    const header = { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 127.0.0.5' };
    expect((await client(PROXY, header)).ip).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY=false (the default)', () => {
  it('takes the socket’s address and ignores X-Forwarded-For', async () => {
    const client = await appTrusting(false);
    expect((await client('203.0.113.50', { 'x-forwarded-for': '198.51.100.1' })).ip).toBe('203.0.113.50');
  });
});
