/**
 * CONTRACT 6.5: failed logins lock an account (10, from any addresses) and an address (100, over any
 * accounts, an IPv6 /64 counted as one) for clients without the account's device cookie, while the
 * owner's browser, which carries it, is checked as usual. Each attack of issue 31's table is a test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildStudent, DEFAULT_PASSWORD, lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addressKey } from '../../services/accounts/throttle-keys';
import { LIMITS } from '../../services/accounts/throttle-limits';
import { newIp, post } from './test-helpers';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // one nginx in front: the client is the address it adds to X-Forwarded-For
  proxied = await createTestApp({ config: { trustProxy: 1 } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const MINUTE = 60_000;
/** a hundred failed logins are a hundred password hashes: on a busy machine, more than the default 30 s */
const HUNDRED_HASHES_MS = 120_000;

/** `count` requests, ten at a time (the hashes run on libuv's threads side by side). */
async function inBatches(count: number, send: (i: number) => Promise<void>) {
  for (let start = 0; start < count; start += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, k) => send(start + k)));
  }
}

interface Attempt {
  role?: 'student' | 'authority' | 'admin';
  ip?: string;
  device?: string;
  app?: TestApp;
  forwardedFor?: string;
}

async function login(email: string, password: string, a: Attempt = {}) {
  const app = a.app ?? t;
  const res = await post(
    app,
    `${a.role ?? 'student'}-login`,
    { email, password },
    {
      remoteAddress: a.forwardedFor ? '127.0.0.1' : (a.ip ?? newIp()),
      ...(a.device ? { cookies: { device: a.device } } : {}),
      ...(a.forwardedFor ? { headers: { 'x-forwarded-for': a.forwardedFor } } : {}),
    },
  );
  return res;
}

/** The device cookie a response set, as a browser would send it back. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);
  const line = set.find((c) => c.startsWith('device='));
  expect(line, 'a device cookie is set').toBeTruthy();
  return decodeURIComponent(line!.split(';')[0]!.slice('device='.length));
}

async function signedInDevice(email: string, password = DEFAULT_PASSWORD, role: Attempt['role'] = 'student') {
  const res = await login(email, password, { role });
  expect(res.status).toBe(200);
  return deviceCookieOf(res);
}

describe('the device cookie', () => {
  it('is set on a successful login: HttpOnly, SameSite=Lax, for a year, sent only to the sign-in routes', async () => {
    const s = await buildStudent(t);
    const res = await login(s.email, DEFAULT_PASSWORD);
    const line = ([] as string[])
      .concat(res.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('device='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth/);
    expect(line).toMatch(/Max-Age=31536000/);
    expect(line).not.toMatch(/Secure/);
  });

  it('is not set by a failed login', async () => {
    const s = await buildStudent(t);
    const res = await login(s.email, 'wrong-password');
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.headers['set-cookie'] ?? '')).not.toMatch(/device=/);
  });

  it('names every account signed in from one browser, each keeping its own pass', async () => {
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    const first = await signedInDevice(a.email);
    const both = deviceCookieOf(await login(b.email, DEFAULT_PASSWORD, { device: first }));
    // the same device, two accounts
    expect(both.split('.')[0]).toBe(first.split('.')[0]);
    for (const victim of [a, b]) {
      for (let i = 0; i < LIMITS.loginPerAccount.max; i++) await login(victim.email, `guess-${i}`);
      expect((await login(victim.email, DEFAULT_PASSWORD)).status).toBe(429);
      expect((await login(victim.email, DEFAULT_PASSWORD, { device: both })).status).toBe(200);
    }
  });
});

describe('account lock (a botnet on one account)', () => {
  it('after 10 failures from 10 addresses, refuses a client without the cookie with 429 and Retry-After before checking the password', async () => {
    const s = await buildStudent(t);
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) {
      expect((await login(s.email, `wrong-${i}`)).status).toBe(401);
    }
    const refused = await login(s.email, DEFAULT_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.token).toBeUndefined();
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // a wrong password gets the same answer: nothing is learned from the lock
    expect((await login(s.email, 'another-guess')).status).toBe(429);
  });

  it("lets the owner's browser, with its device cookie, sign in while the account is locked", async () => {
    const s = await buildStudent(t);
    const device = await signedInDevice(s.email);
    for (let i = 0; i < 30; i++) await login(s.email, `botnet-${i}`);
    expect((await login(s.email, DEFAULT_PASSWORD)).status).toBe(429);
    const owner = await login(s.email, DEFAULT_PASSWORD, { device });
    expect(owner.status).toBe(200);
    expect(owner.body.token).toBeTruthy();
    // and the owner's own mistyping is checked as usual
    expect((await login(s.email, 'typo', { device })).status).toBe(401);
  });

  it('ends 15 minutes after the last failure', async () => {
    const s = await buildStudent(t);
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) await login(s.email, `wrong-${i}`);
    t.clock.advance(14 * MINUTE);
    expect((await login(s.email, DEFAULT_PASSWORD)).status).toBe(429);
    t.clock.advance(MINUTE + 1000);
    expect((await login(s.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('is lifted by a completed password reset', async () => {
    const s = await buildStudent(t);
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) await login(s.email, `wrong-${i}`);
    expect((await login(s.email, DEFAULT_PASSWORD)).status).toBe(429);
    const ip = newIp();
    expect(
      (await post(t, 'forgot-password', { email: s.email, role: 'student' }, { remoteAddress: ip })).status,
    ).toBe(200);
    const code = (await lastMail(t, s.email))!.code!;
    const reset = await post(
      t,
      'reset-password',
      { email: s.email, otp: code, newPassword: 'a-brand-new-one', role: 'student' },
      { remoteAddress: ip },
    );
    expect(reset.status).toBe(200);
    expect((await login(s.email, 'a-brand-new-one')).status).toBe(200);
  });

  it('counts failures of unknown emails too, so a lock tells nothing about whether an account exists', async () => {
    const email = `nobody-${newIp()}@bitmesra.ac.in`;
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++)
      expect((await login(email, 'x-password')).status).toBe(404);
    expect((await login(email, 'x-password')).status).toBe(429);
  });

  it('gives a stolen device cookie at most 10 guesses, then judges it as any other client', async () => {
    const s = await buildStudent(t);
    const stolen = await signedInDevice(s.email);
    for (let i = 0; i < LIMITS.loginPerDevice.max; i++) {
      expect((await login(s.email, `thief-${i}`, { device: stolen })).status).toBe(401);
    }
    // the cookie is spent; the account itself has no failures, so it is checked once more as a stranger
    // would be, and the lock of the account then holds for it too
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) {
      expect((await login(s.email, `more-${i}`, { device: stolen })).status).toBe(401);
    }
    expect((await login(s.email, DEFAULT_PASSWORD, { device: stolen })).status).toBe(429);
  });
});

describe('address lock (password spraying)', () => {
  it(
    'after 100 failures from one address over many accounts, refuses that address without the cookie; other addresses and cookie holders go on',
    async () => {
      const ip = newIp();
      const real = await Promise.all([1, 2, 3, 4, 5].map(() => buildStudent(t)));
      const owner = await buildStudent(t);
      const ownerDevice = await signedInDevice(owner.email);
      const bystander = await buildStudent(t);
      await inBatches(LIMITS.loginPerAddress.max, async (i) => {
        const email = i < real.length ? real[i]!.email : `spray${i}-${ip}@bitmesra.ac.in`;
        expect([401, 404]).toContain((await login(email, 'Summer2026!', { ip })).status);
      });
      const refused = await login(bystander.email, DEFAULT_PASSWORD, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // a campus behind one address: its regular users carry their cookies
      expect((await login(owner.email, DEFAULT_PASSWORD, { ip, device: ownerDevice })).status).toBe(200);
      // the same account from another address is fine
      expect((await login(bystander.email, DEFAULT_PASSWORD)).status).toBe(200);
    },
    HUNDRED_HASHES_MS,
  );

  it(
    'counts the addresses of one IPv6 /64 behind TRUST_PROXY=1 as one',
    async () => {
      const admin = await buildAdmin(proxied);
      const prefix = '2001:db8:77:1';
      await inBatches(LIMITS.loginPerAddress.max, async (i) => {
        const res = await login(`spray${i}@example.org`, 'Summer2026!', {
          app: proxied,
          role: 'admin',
          forwardedFor: `${prefix}:${(i + 1).toString(16)}::${i + 7}`,
        });
        expect(res.status).toBe(401);
      });
      const sameNetwork = await login(admin.email, DEFAULT_PASSWORD, {
        app: proxied,
        role: 'admin',
        forwardedFor: `${prefix}:ffff:1:2:3`,
      });
      expect(sameNetwork.status).toBe(429);
      const otherNetwork = await login(admin.email, DEFAULT_PASSWORD, {
        app: proxied,
        role: 'admin',
        forwardedFor: '2001:db8:77:2::1',
      });
      expect(otherNetwork.status).toBe(200);
    },
    HUNDRED_HASHES_MS,
  );
});

describe('forged device cookies', () => {
  it("ignores a forged, altered, junk or another account's cookie, never answering an error for it", async () => {
    const victim = await buildStudent(t);
    const other = await buildStudent(t);
    const othersCookie = await signedInDevice(other.email);
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) await login(victim.email, `wrong-${i}`);
    const [device, ids, mac] = othersCookie.split('.') as [string, string, string];
    const forged = [
      othersCookie,
      `${device}.${victim.id}.${mac}`,
      `${device}.${ids}-${victim.id}.${mac}`,
      `${device}.${victim.id}.${'A'.repeat(43)}`,
      'junk',
      '',
      `${'x'.repeat(5000)}`,
      '..',
    ];
    for (const cookie of forged) {
      const res = await login(victim.email, DEFAULT_PASSWORD, { device: cookie });
      expect({ cookie: cookie.slice(0, 40), status: res.status }).toEqual({
        cookie: cookie.slice(0, 40),
        status: 429,
      });
    }
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address whole and counts an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
