import {
  ERROR_RESPONSES,
  MSG_SECURITY,
  ZMessageResponse,
  ZRecoveryCodesResponse,
  ZTwoFactorCodeRequest,
  ZTwoFactorSetupResponse,
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
} from '../../services/two-factor';

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
        summary: 'Begin setting it up: a new secret and its QR code (nothing is on yet)',
        response: { 200: ZTwoFactorSetupResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => startTwoFactor(ctx, currentUser(request)),
  );

  app.post(
    '/confirm',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Turn it on with a code of the new secret; answers 10 recovery codes, shown once',
        body: ZTwoFactorCodeRequest,
        response: { 200: ZRecoveryCodesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      message: MSG_SECURITY.twoFactorOn,
      recoveryCodes: await confirmTwoFactor(ctx, currentUser(request), request.body.code, request.ip),
    }),
  );

  app.delete(
    '/',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Turn it off with a code (not for admins under ADMIN_2FA=required)',
        body: ZTwoFactorCodeRequest,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await disableTwoFactor(ctx, currentUser(request), request.body.code, request.ip);
      return { message: MSG_SECURITY.twoFactorOff };
    },
  );
}
