import {
  ERROR_RESPONSES,
  MSG,
  makeStudentSignupSchema,
  type TRole,
  ZAuthoritySignupRequest,
  ZCheckAuthResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZTwoFactorLoginRequest,
  ZTwoFactorLoginResponse,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@bit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadSession, requireRoleBeforeTwoFactor } from '../../plugins/app/auth';
import {
  clearSessionCookie,
  readDeviceCookieValue,
  setDeviceCookie,
  setSessionCookie,
} from '../../plugins/app/cookies';
import { deviceCookieWith } from '../../services/accounts/device-cookies';
import { forgotPassword, resetPassword } from '../../services/accounts/password-reset';
import { REMEMBER_TTL_MS, revokeSession } from '../../services/accounts/sessions';
import { login } from '../../services/accounts/sign-in';
import {
  resendVerification,
  signupAuthority,
  signupStudent,
  verifyEmail,
} from '../../services/accounts/sign-up';
import { completeTwoFactorLogin } from '../../services/accounts/two-factor-login';
import { toUser } from '../../services/accounts/users';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['auth'];

  app.post(
    '/student-signup',
    {
      schema: {
        tags,
        summary: 'Register a student; a code is mailed',
        body: makeStudentSignupSchema(ctx.config.studentEmailDomain),
        response: { 201: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await signupStudent(ctx, request.body, request.ip);
      return reply.status(201).send({ message: MSG.signupStudent });
    },
  );

  app.post(
    '/authority-signup',
    {
      schema: {
        tags,
        summary: 'Register an authority; a code is mailed',
        body: ZAuthoritySignupRequest,
        response: { 201: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await signupAuthority(ctx, request.body, request.ip);
      return reply.status(201).send({ message: MSG.signupAuthority });
    },
  );

  for (const [path, role] of [
    ['/verify-email', 'student'],
    ['/verify-authority-email', 'authority'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Verify a ${role} email with its code and sign in`,
          body: ZVerifyEmailRequest,
          response: { 200: ZVerifyEmailResponse, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { token, user } = await verifyEmail(
          ctx,
          role,
          request.body.email,
          request.body.otp,
          request.ip,
        );
        setSessionCookie(request, reply, token);
        return { message: MSG.verified, token, user };
      },
    );
  }

  for (const [path, role] of [
    ['/resend-otp', 'student'],
    ['/resend-authority-otp', 'authority'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Mail a new verification code to a pending ${role}`,
          body: ZResendOtpRequest,
          response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        await resendVerification(ctx, role, request.body.email, request.ip);
        return { message: MSG.otpResent };
      },
    );
  }

  /** A session starts: its cookie, and the device cookie that names the account from now on. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    r: { token: string; userId: number; expiresAt: number },
    remember: boolean,
  ) => {
    setSessionCookie(request, reply, r.token, remember ? REMEMBER_TTL_MS : undefined);
    setDeviceCookie(request, reply, await deviceCookieWith(ctx, readDeviceCookieValue(request), r.userId));
  };

  for (const role of ['student', 'authority', 'admin'] as TRole[]) {
    app.post(
      `/${role}-login`,
      {
        schema: {
          tags,
          summary: `Sign in as ${role} (with two-step sign-in on: a ticket for the code)`,
          body: ZLoginRequest,
          response: { 200: ZLoginResponse, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { email, password, remember = false } = request.body;
        const result = await login(
          ctx,
          role,
          email,
          password,
          remember,
          request.ip,
          readDeviceCookieValue(request),
        );
        if (result.twoFactor) return { twoFactor: true as const, ticket: result.ticket };
        await signedIn(request, reply, result, remember);
        return { token: result.token, user: result.user };
      },
    );
  }

  app.post(
    '/two-factor',
    {
      schema: {
        tags,
        summary: 'The second step of a sign-in: the ticket and a code from the app (or a recovery code)',
        body: ZTwoFactorLoginRequest,
        response: { 200: ZTwoFactorLoginResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const result = await completeTwoFactorLogin(ctx, request.body.ticket, request.body.code);
      await signedIn(request, reply, result, result.remember);
      const { recoveryCodesLeft } = result;
      return {
        token: result.token,
        user: result.user,
        ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }),
      };
    },
  );

  app.get(
    '/check-auth',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: ZCheckAuthResponse, ...ERROR_RESPONSES },
      },
      preValidation: requireRoleBeforeTwoFactor(),
    },
    async (request) => ({ user: toUser(request.auth!.user) }),
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sign out and revoke the session', response: { 200: ZMessageResponse } } },
    async (request, reply) => {
      const session = await loadSession(request);
      if (session) await revokeSession(ctx, session.sessionId);
      clearSessionCookie(request, reply);
      return { message: MSG.loggedOut };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset code (same answer whether or not the account exists)',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await forgotPassword(ctx, request.body, request.ip);
      return { message: MSG.forgotSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code; every session is revoked',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body, request.ip);
      return { message: MSG.resetDone };
    },
  );
}
