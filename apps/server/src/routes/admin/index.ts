import {
  ERROR_RESPONSES,
  MSG_SECURITY,
  ZAdminAuthoritiesQuery,
  ZAuditList,
  ZAuditQuery,
  ZAuthorityList,
  ZIdParam,
  ZMessageResponse,
  ZSetApprovalRequest,
  ZUserResponse,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { listAuthorities, setAuthorityApproval } from '../../services/accounts/authorities';
import { adminResetTwoFactor } from '../../services/accounts/two-factor';
import { listAudit } from '../../services/oversight/audit';

export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];
  const adminOnly = requireRole('admin');

  app.get(
    '/authorities',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Verified authorities, those awaiting approval first, a page at a time',
        querystring: ZAdminAuthoritiesQuery,
        response: { 200: ZAuthorityList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listAuthorities(ctx, request.query),
  );

  app.put(
    '/authorities/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "Grant or withdraw an authority's approval",
        params: ZIdParam,
        body: ZSetApprovalRequest,
        response: { 200: ZUserResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await setAuthorityApproval(
        ctx,
        { actor: currentUser(request), ip: request.ip },
        request.params.id,
        request.body.approved,
      ),
    }),
  );

  app.delete(
    '/users/:id/two-factor',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "Turn off an authority's two-step sign-in (a lost phone and lost recovery codes)",
        description:
          'Audited `two-factor.reset` with the authority as target (CONTRACT 6.7). 404 for anyone else.',
        params: ZIdParam,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await adminResetTwoFactor(ctx, { actor: currentUser(request), ip: request.ip }, request.params.id);
      return { message: MSG_SECURITY.adminResetDone };
    },
  );

  app.get(
    '/audit',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'The audit log of admin actions, newest first, a page at a time (CONTRACT 6.5)',
        description:
          '`actor` is a user id; `who` a part of a name or an email (any case); `from` and `to` are days in TIME_ZONE, both included. A target that is a user carries their name. Entries are kept two years.',
        querystring: ZAuditQuery,
        response: { 200: ZAuditList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listAudit(ctx, request.query),
  );
}
