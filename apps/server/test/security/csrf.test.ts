/**
 * Cross-site request forgery (CONTRACT 5.9). SameSite=Lax keeps the session cookie off requests
 * from other sites, but a page on another port of the same host (`http://127.0.0.1:9417`) is the
 * same site: its auto-submitting form posted a notice with a warden's cookie, and logout took any
 * Origin. A state-changing request that a browser says comes from elsewhere is refused with 403
 * before any route runs; one that says nothing (a script, curl) is judged as before.
 */
import { MSG } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigins } from '../../src/plugins/external/security';
import { type Built, buildAdmin, buildAuthority } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { multipart } from './support';

let t: TestApp;
let warden: Built;
let admin: Built;
/** The app's own origin: the test config leaves PUBLIC_URL unset, so it is http://localhost:3000. */
let ownOrigin: string;

beforeAll(async () => {
  t = await createTestApp();
  [warden, admin] = await Promise.all([buildAuthority(t, 'Warden', { hostelNo: 5 }), buildAdmin(t)]);
  ownOrigin = new URL(t.config.publicUrl).origin;
});
afterAll(async () => {
  await t.close();
});

/** A notice posted with the warden's session cookie, as a browser's form would send it. */
async function postNotice(title: string, headers: Record<string, string>) {
  const form = await multipart({ title, message: 'Hostel 5 water supply is off', hostel: '5' });
  return t.request({
    method: 'POST',
    url: '/api/notifications',
    payload: form.payload,
    headers: { ...form.headers, cookie: `session=${warden.token}`, ...headers },
  });
}

async function noticeTitles(): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/notifications?limit=100' });
  expect(res.status).toBe(200);
  return (res.body.data as { title: string }[]).map((n) => n.title);
}

/** Whether the session of `token` still answers check-auth. */
async function sessionLive(token: string) {
  const res = await t.request({
    method: 'GET',
    url: '/api/auth/check-auth',
    headers: { cookie: `session=${token}` },
  });
  return res.status === 200;
}

describe('a state-changing request from another origin', () => {
  it.each([
    ['another port of the same host', { origin: 'http://127.0.0.1:9417', 'sec-fetch-site': 'same-site' }],
    ['another port, without Sec-Fetch-Site (an older browser)', { origin: 'http://127.0.0.1:9417' }],
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin (a sandboxed frame, a data: URL)', { origin: 'null' }],
    ['the right host over the wrong scheme', { origin: 'https://localhost:3000' }],
  ])('is refused with 403 and creates no notice: %s', async (_name, headers) => {
    const title = `Forged notice ${Math.random()}`;
    const res = await postNotice(title, headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.crossSiteRefused });
    expect(await noticeTitles()).not.toContain(title);
  });

  it.each([
    ['same-site', 'same-site'],
    ['cross-site', 'cross-site'],
    // CONTRACT 6.7: the header's value is read case-insensitively (it passed as `Cross-Site`)
    ['Cross-Site', 'Cross-Site'],
    ['Same-Site', 'Same-Site'],
    ['CROSS-SITE', 'CROSS-SITE'],
  ])('is refused with 403 when Sec-Fetch-Site says %s, whatever Origin says', async (_name, site) => {
    const title = `Forged notice ${Math.random()}`;
    const res = await postNotice(title, { origin: ownOrigin, 'sec-fetch-site': site });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.crossSiteRefused });
    expect(await noticeTitles()).not.toContain(title);
  });

  it('is refused on logout, which then leaves the session signed in', async () => {
    const victim = await buildAdmin(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie: `session=${victim.token}`,
        origin: 'http://127.0.0.1:9417',
        'sec-fetch-site': 'same-site',
      },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.crossSiteRefused });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionLive(victim.token)).toBe(true);
  });

  it.each([
    ['PUT', '/api/admin/authorities/1', { approved: true }],
    ['DELETE', '/api/notifications/1', undefined],
    ['POST', '/api/auth/admin-login', { email: 'a@b.c', password: 'x' }],
  ])('is refused for %s %s too, before the route looks at anything', async (method, url, payload) => {
    const res = await t.request({
      method: method as 'PUT' | 'DELETE' | 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: {
        cookie: `session=${admin.token}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.crossSiteRefused });
  });

  it('answers with the API headers, no-store included', async () => {
    const res = await postNotice('Forged', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a request the check lets through', () => {
  it('posts a notice from the app’s own origin (the web app’s form)', async () => {
    const title = `Notice ${Math.random()}`;
    const res = await postNotice(title, { origin: ownOrigin, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(201);
    expect(await noticeTitles()).toContain(title);
  });

  it('posts a notice with neither Origin nor Sec-Fetch-Site (a script, curl), as before', async () => {
    const title = `Notice ${Math.random()}`;
    const res = await postNotice(title, {});
    expect(res.status).toBe(201);
    expect(await noticeTitles()).toContain(title);
  });

  it('posts a notice when Sec-Fetch-Site is none (the user’s own action) and Origin is absent', async () => {
    const title = `Notice ${Math.random()}`;
    const res = await postNotice(title, { 'sec-fetch-site': 'none' });
    expect(res.status).toBe(201);
  });

  it('logs out from the app’s own origin, revoking the session', async () => {
    const user = await buildAdmin(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session=${user.token}`, origin: ownOrigin, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(await sessionLive(user.token)).toBe(false);
  });

  it('reads (GET) whatever Origin and Sec-Fetch-Site say: reading is not state-changing', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: {
        cookie: `session=${admin.token}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.status).toBe(200);
  });
});

describe("the app's own origins", () => {
  it('are PUBLIC_URL’s and, when PUBLIC_URL is unset (npm start on 127.0.0.1), the loopback ones of PORT', () => {
    expect(
      [...appOrigins({ publicUrl: 'http://localhost:3000', publicUrlSet: false, port: 3000 })].sort(),
    ).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']);
  });

  it('are PUBLIC_URL’s alone when it is set', () => {
    expect([
      ...appOrigins({ publicUrl: 'https://complaints.bitmesra.ac.in/app', publicUrlSet: true, port: 3000 }),
    ]).toEqual(['https://complaints.bitmesra.ac.in']);
  });

  it('refuses a loopback origin once PUBLIC_URL is set to the public address', async () => {
    const deployed = await createTestApp({
      config: { publicUrl: 'https://complaints.bitmesra.ac.in', publicUrlSet: true },
    });
    try {
      const user = await buildAdmin(deployed);
      const logout = (origin: string) =>
        deployed.request({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { cookie: `session=${user.token}`, origin },
        });
      expect((await logout('http://127.0.0.1:3000')).status).toBe(403);
      expect((await logout('https://complaints.bitmesra.ac.in')).status).toBe(200);
    } finally {
      await deployed.close();
    }
  });
});
