/**
 * Security headers on every kind of response: JSON API answers (errors included) carry the API set,
 * and documents (web app pages and files, the PDF) the web app's full set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, lastMail } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { freshIp, multipart, SMALL_PDF } from './support';

let t: TestApp;
/** An app serving a (tiny) built web app, for the document cases. */
let web: TestApp;
let pdfUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>BIT</title>');
  web = await createTestApp({ config: { webDist } });
  const admin = await buildAdmin(t);
  const res = await t.request({
    method: 'POST',
    url: '/api/notifications',
    token: admin.token,
    ...(await multipart(
      { title: 'Menu', message: 'PDF', hostel: 'all' },
      { name: 'menu.pdf', data: SMALL_PDF },
    )),
  });
  expect(res.status).toBe(201);
  pdfUrl = res.body.data.pdfUrl;
});
afterAll(async () => {
  await t.close();
  await web.close();
});

/** The CSP's directives by name. */
function csp(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

type Answer = { status: number; headers: Record<string, unknown> };

/** API data: JSON answers, errors included. */
const API_ANSWERS: [string, () => Promise<Answer>, number][] = [
  ['a JSON API response (GET /api/health)', () => t.request({ method: 'GET', url: '/api/health' }), 200],
  [
    'a 401 (GET /api/auth/check-auth anonymous)',
    () => t.request({ method: 'GET', url: '/api/auth/check-auth' }),
    401,
  ],
  [
    'a 400 (malformed JSON)',
    () =>
      t.request({
        method: 'POST',
        url: '/api/auth/student-login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    400,
  ],
  ['a 404 (GET /api/no-such-route)', () => t.request({ method: 'GET', url: '/api/no-such-route' }), 404],
  ['a 404 for /api itself, with a query string', () => web.request({ method: 'GET', url: '/api?x=1' }), 404],
];

/** What a browser shows as a document: the web app's pages and files, and a notice's PDF. */
const DOCUMENTS: [string, () => Promise<Answer>, number][] = [
  ['the PDF response', () => t.request({ method: 'GET', url: pdfUrl }), 200],
  [
    'a web app page (GET /complaint-status)',
    () => web.request({ method: 'GET', url: '/complaint-status' }),
    200,
  ],
  [
    'a missing web app file (GET /assets/none.js)',
    () => web.request({ method: 'GET', url: '/assets/none.js' }),
    404,
  ],
];

describe.each([...API_ANSWERS, ...DOCUMENTS])('%s', (_name, send, status) => {
  let res: Answer;
  beforeAll(async () => {
    res = await send();
    expect(res.status).toBe(status);
  });

  it('carries X-Content-Type-Options nosniff', () => {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('carries a Referrer-Policy that keeps paths off other sites', () => {
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
      res.headers['referrer-policy'],
    );
  });
});

describe.each(API_ANSWERS)('%s', (_name, send, status) => {
  let res: Answer;
  beforeAll(async () => {
    res = await send();
    expect(res.status).toBe(status);
  });

  it("carries a Content-Security-Policy under which nothing loads, runs or frames it (default-src 'none', frame-ancestors 'none')", () => {
    const policy = csp(res.headers);
    expect(policy['default-src']).toBe("'none'");
    // every fetch directive falls back to default-src: none may widen it
    expect(Object.keys(policy).sort()).toEqual(['default-src', 'frame-ancestors']);
    expect(policy['frame-ancestors']).toBe("'none'");
  });

  it('carries Cache-Control no-store, so no browser or shared cache keeps it', () => {
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('carries Cross-Origin-Resource-Policy same-origin, so no other site can embed it', () => {
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('leaves out the headers that only a document uses (each costs every API call)', () => {
    for (const name of [
      'x-frame-options',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
      'x-download-options',
    ])
      expect(res.headers[name]).toBeUndefined();
  });
});

describe.each(DOCUMENTS)('%s', (_name, send, status) => {
  let res: Answer;
  beforeAll(async () => {
    res = await send();
    expect(res.status).toBe(status);
  });

  it("carries a Content-Security-Policy with script-src 'self', object-src 'none' and frame-ancestors 'none'", () => {
    const policy = csp(res.headers);
    expect(policy['default-src']).toBe("'self'");
    expect(policy['script-src']).toBe("'self'");
    expect(policy['script-src']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy['object-src']).toBe("'none'");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(policy['base-uri']).toBe("'self'");
  });

  it('carries X-Frame-Options DENY', () => {
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the OpenAPI browser (GET /api/docs)', () => {
  let res: Answer;
  beforeAll(async () => {
    res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.status).toBe(200);
  });

  it("runs under swagger-ui's own CSP (hashes for its inline scripts, no unsafe-inline), which nothing may frame", () => {
    const policy = csp(res.headers);
    expect(policy['script-src']).toMatch(/^'self'/);
    expect(policy['script-src']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy['object-src']).toBe("'none'");
    expect(policy['frame-ancestors']).toBe("'none'");
  });

  it('carries the document headers: X-Frame-Options DENY and nosniff', () => {
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the PDF response', () => {
  it('is served as application/pdf, inline, never as something a browser would sniff into HTML', async () => {
    const res = await t.request({ method: 'GET', url: pdfUrl });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline; filename="menu\.pdf"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

/**
 * Security fix (CONTRACT 5.9): authenticated answers, the login answer with its session token
 * included, were cacheable: a shared or back-button cache could hand one user's data to the next.
 */
describe('answers holding a session or a user’s data', () => {
  it('are Cache-Control no-store: a login answer with its token', async () => {
    const admin = await buildAdmin(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: admin.email, password: admin.password },
      remoteAddress: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are Cache-Control no-store: a verify answer with its token', async () => {
    const email = `nostore${process.pid}@${t.config.studentEmailDomain}`;
    const ip = freshIp();
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/student-signup',
      payload: {
        name: 'Asha No-Store',
        rollNo: `BTECH/NS${process.pid}/23`,
        email,
        mobile: '9876543210',
        session: '2023-27',
        department: 'Computer Science',
        password: 'correct-horse-9',
      },
      remoteAddress: ip,
    });
    expect(signup.status).toBe(201);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email, otp: (await lastMail(t, email))?.code },
      remoteAddress: ip,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are Cache-Control no-store: a signed-in read (check-auth, the admin’s complaint list)', async () => {
    const admin = await buildAdmin(t);
    for (const url of ['/api/auth/check-auth', '/api/complaints/admin/all']) {
      const res = await t.request({ method: 'GET', url, token: admin.token });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leave a route’s own Cache-Control alone: a notice’s PDF keeps its private max-age', async () => {
    const res = await t.request({ method: 'GET', url: pdfUrl });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('leave the web app’s caching alone: its pages stay no-cache', async () => {
    const page = await web.request({ method: 'GET', url: '/complaint-status' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
