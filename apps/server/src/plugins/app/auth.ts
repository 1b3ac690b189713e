import { MSG, MSG_SECURITY, type TRole } from '@bit/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Dialect } from '../../db/database';
import { forbidden, unauthorized } from '../../lib/errors';
import { findSession, type SessionInfo, tokenHashOf } from '../../services/accounts/sessions';
import type { UserRow } from '../../services/accounts/users';
import { readToken } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionInfo | null;
  }
}

export async function loadSession(request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.auth) return request.auth;
  const token = readToken(request);
  if (!token) return null;
  request.auth = await findSession(request.server.ctx, token);
  return request.auth;
}

/**
 * CONTRACT 6.5: under ADMIN_2FA=required an admin without two-step sign-in may do nothing but set
 * it up (and see who is signed in, and log out).
 */
function assertTwoFactorDone(request: FastifyRequest, user: UserRow) {
  if (
    user.role === 'admin' &&
    user.two_factor_on !== 1 &&
    request.server.ctx.config.admin2fa === 'required'
  ) {
    throw forbidden(MSG_SECURITY.twoFactorRequired);
  }
}

function guard(roles: TRole[], beforeTwoFactor: boolean) {
  return async (request: FastifyRequest) => {
    const session = await loadSession(request);
    if (!session) throw unauthorized(MSG.notSignedIn);
    if (roles.length > 0 && !roles.includes(session.user.role)) throw forbidden(MSG.forbidden);
    if (!beforeTwoFactor) assertTwoFactorDone(request, session.user);
  };
}

/** A preHandler that admits a signed-in user of one of `roles` (any role when empty). */
export function requireRole(...roles: TRole[]) {
  return guard(roles, false);
}

/** requireRole for the few routes an admin still needs before setting up a required two-step sign-in. */
export function requireRoleBeforeTwoFactor(...roles: TRole[]) {
  return guard(roles, true);
}

/**
 * The options of a read route whose session is checked in the read's own statement (decision 0019),
 * so that the request is one statement: the hook only turns away a request without a token, and the
 * handler answers through signedInRead. `joinedOn`: the dialects that read it so; on the others
 * requireRole as on every other route, and the handler's `alone` answers.
 */
export function sessionInStatement(database: Database, joinedOn: readonly Dialect[], ...roles: TRole[]) {
  if (!joinedOn.includes(database.dialect)) return { preValidation: requireRole(...roles) };
  return {
    preValidation: async (request: FastifyRequest) => {
      if (!tokenHashOf(readToken(request) ?? '')) throw unauthorized(MSG.notSignedIn);
    },
    // a bad query string is answered after the session, as requireRole's routes answer it
    attachValidation: true,
  };
}

/** What a read that checks the session itself found: the live session or null, and its answer. */
export interface ReadWithSession<T> {
  session: SessionInfo | null;
  answer: (user: UserRow) => Promise<T>;
}

/**
 * The handler's side of sessionInStatement: `alone` when the session is already checked (the
 * dialects the route does not join on), else `joined`, which reads the session and the data
 * together; its data is used only once the session is found live and its role allowed, with the
 * same 401 and 403 as requireRole. A route joined on every dialect passes no `alone`.
 */
export async function signedInRead<T>(
  request: FastifyRequest,
  roles: TRole[],
  alone: ((user: UserRow) => Promise<T>) | null,
  joined: (tokenHash: string) => Promise<ReadWithSession<T>>,
): Promise<T> {
  if (request.auth && alone) return alone(request.auth.user);
  if (request.validationError) {
    await requireRole(...roles)(request);
    throw request.validationError;
  }
  const tokenHash = tokenHashOf(readToken(request) ?? '');
  if (!tokenHash) throw unauthorized(MSG.notSignedIn);
  const { session, answer } = await joined(tokenHash);
  if (!session) throw unauthorized(MSG.notSignedIn);
  request.auth = session;
  if (roles.length > 0 && !roles.includes(session.user.role)) throw forbidden(MSG.forbidden);
  assertTwoFactorDone(request, session.user);
  return answer(session.user);
}

/** The signed-in user of a route guarded by requireRole. */
export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw unauthorized(MSG.notSignedIn);
  return request.auth.user;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
}
