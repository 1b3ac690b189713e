import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../../services/accounts/device-cookies';

/** The session's token and the device cookie as a request carries them and a reply sets them. */

export const SESSION_COOKIE = 'session';

/** The bearer token wins over the cookie: SPEC's client sends both, and either must work. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const t = header.slice(7).trim();
    if (t) return t;
  }
  // parsed here, only when there is no bearer token, instead of in a hook on every request
  const cookies = request.headers.cookie;
  if (!cookies) return null;
  return request.server.parseCookie(cookies)[SESSION_COOKIE] ?? null;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs?: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    // behind an HTTPS proxy with TRUST_PROXY=true, request.protocol is https
    secure: request.protocol === 'https',
    path: '/',
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
}

/** CONTRACT 6.5: the signed device cookie, sent only to the sign-in routes that read it. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

export function readDeviceCookieValue(request: FastifyRequest): string | undefined {
  const cookies = request.headers.cookie;
  return cookies ? request.server.parseCookie(cookies)[DEVICE_COOKIE] : undefined;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}
