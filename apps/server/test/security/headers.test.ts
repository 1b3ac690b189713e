/**
 * Security headers on every kind of response: a JSON API answer, an error, a 404 and the PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { multipart, SMALL_PDF } from './support';

let t: TestApp;
let pdfUrl: string;
beforeAll(async () => {
  t = await createTestApp();
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
afterAll(async () => t.close());

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

const RESPONSES: [string, () => Promise<{ status: number; headers: Record<string, unknown> }>, number][] = [
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
  ['the PDF response', () => t.request({ method: 'GET', url: pdfUrl }), 200],
];

describe.each(RESPONSES)('%s', (_name, send, status) => {
  let res: { status: number; headers: Record<string, unknown> };
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

  it('carries X-Content-Type-Options nosniff', () => {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('carries X-Frame-Options DENY', () => {
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('carries a Referrer-Policy that keeps paths off other sites', () => {
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
      res.headers['referrer-policy'],
    );
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
