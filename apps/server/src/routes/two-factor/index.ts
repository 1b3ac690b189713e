import {
  ERROR_RESPONSES,
  MSG_SECURITY,
  ZMessageResponse,
  ZRecoveryCodesResponse,
  ZTwoFactorCodeRequest,
  ZTwoFactorOffRequest,
  ZTwoFactorSetupResponse,
  ZTwoFactorStartRequest,
  ZTwoFactorStatus,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRoleBeforeTwoFactor } from '../../plugins/app/auth';
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactor,
  twoFactorStatus,
} from '../../services/accounts/two-factor';

/** CONTRACT 6.5: an admin's or authority's own two-step sign-in, under /api/me/two-factor. */
export default async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['two-step sign-in'];
  // reachable before a required set-up is done: they are the set-up
  const staff = requireRoleBeforeTwoFactor('admin', 'authority');

  app.get(
    '/',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on',
        response: { 200: ZTwoFactorStatus, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await twoFactorStatus(ctx, currentUser(request)) }),
  );

  app.post(
    '/',
    {
      preValidation: staff,
      schema: {
        tags,
        summary:
          'Begin setting it up with the current password: a new secret and its QR code (nothing is on yet)',
        description:
          'A wrong or missing password: 400 "Wrong password", counted as a failed login of the account (CONTRACT 6.7).',
        body: ZTwoFactorStartRequest,
        response: { 200: ZTwoFactorSetupResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => startTwoFactor(ctx, currentUser(request), request.body.password),
  );

  app.post(
    '/confirm',
    {
      preValidation: staff,
      schema: {
        tags,
        summary:
          "Turn it on with a code of the new secret; answers 10 recovery codes, shown once, and ends the account's other sessions",
        body: ZTwoFactorCodeRequest,
        response: { 200: ZRecoveryCodesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      message: MSG_SECURITY.twoFactorOn,
      recoveryCodes: await confirmTwoFactor(
        ctx,
        currentUser(request),
        request.body.code,
        request.ip,
        request.auth!.sessionId,
      ),
    }),
  );

  app.delete(
    '/',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Turn it off with a code and the current password (not for admins under ADMIN_2FA=required)',
        body: ZTwoFactorOffRequest,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { code, password } = request.body;
      await disableTwoFactor(ctx, currentUser(request), code, password, request.ip);
      return { message: MSG_SECURITY.twoFactorOff };
    },
  );
}
