import { MSG, type TRole } from '@bit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors';
import { findSession, type SessionInfo } from '../../services/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionInfo | null;
  }
}

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

export async function loadSession(request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.auth) return request.auth;
  const token = readToken(request);
  if (!token) return null;
  request.auth = await findSession(request.server.ctx, token);
  return request.auth;
}

/** A preHandler that admits a signed-in user of one of `roles` (any role when empty). */
export function requireRole(...roles: TRole[]) {
  return async (request: FastifyRequest) => {
    const session = await loadSession(request);
    if (!session) throw unauthorized(MSG.notSignedIn);
    if (roles.length > 0 && !roles.includes(session.user.role)) throw forbidden(MSG.forbidden);
  };
}

/** The signed-in user of a route guarded by requireRole. */
export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw unauthorized(MSG.notSignedIn);
  return request.auth.user;
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

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
}
