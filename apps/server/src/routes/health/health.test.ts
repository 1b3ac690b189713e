import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health and the API frame', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers a JSON 404 with a message for an unknown api path', async () => {
    const res = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Not found/);
  });

  it('answers 400 with a message for malformed JSON', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers 413 for a JSON body over 1 MiB', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBeTruthy();
  });

  it('answers 415 for an unsupported content type', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.status).toBe(415);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/auth/student-signup']).toBeDefined();
    expect(res.body.paths['/api/health']).toBeDefined();
  });

  it('tells the web app the settings it needs, the time zone its dates are shown in among them', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      studentEmailDomain: 'bitmesra.ac.in',
      authorityApproval: 'admin',
      timeZone: 'Asia/Kolkata',
      admin2fa: 'optional',
    });
  });

  it('answers the configured TIME_ZONE, to anyone, signed in or not', async () => {
    const other = await createTestApp({ config: { timeZone: 'Europe/London' } });
    try {
      const res = await other.request({ method: 'GET', url: '/api/config' });
      expect(res.status).toBe(200);
      expect(res.body.timeZone).toBe('Europe/London');
    } finally {
      await other.close();
    }
  });

  it('answers 503 with a message when the database is gone', async () => {
    const other = await createTestApp();
    await other.db.database.close();
    const res = await other.request({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBeTruthy();
    await other.app.close();
  });
});
