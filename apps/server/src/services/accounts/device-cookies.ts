import { createHmac, randomBytes } from 'node:crypto';
import type { Ctx } from '../../context';
import { safeEqual } from '../../lib/crypto';
import { serverKey } from './server-keys';

/**
 * CONTRACT 6.5, after OWASP's "device cookies": a successful login leaves a cookie naming the
 * account, signed by the server. A login that carries it is the owner's browser, which an attacker
 * guessing from elsewhere cannot lock out. One cookie holds a device id and the accounts signed in
 * from it (a shared family laptop, a warden who is also an admin): `<device>.<id>-<id>.<mac>`.
 */
export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** accounts one browser is remembered for; the oldest goes first */
const MAX_ACCOUNTS = 10;

const SHAPE = /^([A-Za-z0-9_-]{22})\.(\d{1,15}(?:-\d{1,15}){0,9})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookie {
  deviceId: string;
  userIds: number[];
}

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** The cookie's content when the server signed it; anything else (forged, altered, junk) is null. */
export async function readDeviceCookie(ctx: Ctx, value: string | undefined): Promise<DeviceCookie | null> {
  if (!value) return null;
  const m = SHAPE.exec(value);
  if (!m) return null;
  const key = await serverKey(ctx, 'device-cookie');
  if (!safeEqual(mac(key, `${m[1]}.${m[2]}`), m[3]!)) return null;
  return { deviceId: m[1]!, userIds: m[2]!.split('-').map(Number) };
}

/** The device id of the cookie when it names this account, else null. */
export async function trustedDeviceOf(
  ctx: Ctx,
  value: string | undefined,
  userId: number,
): Promise<string | null> {
  const cookie = await readDeviceCookie(ctx, value);
  return cookie?.userIds.includes(userId) ? cookie.deviceId : null;
}

/** The cookie after a successful login of `userId`: the same device with the account added. */
export async function deviceCookieWith(ctx: Ctx, value: string | undefined, userId: number): Promise<string> {
  const cookie = await readDeviceCookie(ctx, value);
  const deviceId = cookie?.deviceId ?? randomBytes(16).toString('base64url');
  const ids = [...(cookie?.userIds ?? []).filter((id) => id !== userId), userId].slice(-MAX_ACCOUNTS);
  const payload = `${deviceId}.${ids.join('-')}`;
  return `${payload}.${mac(await serverKey(ctx, 'device-cookie'), payload)}`;
}
