import {
  ERROR_RESPONSES,
  ZAdminAuthoritiesQuery,
  ZAuthorityList,
  ZIdParam,
  ZSetApprovalRequest,
  ZUserResponse,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/app/auth';
import { listAuthorities, setAuthorityApproval } from '../../services/admin';

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
    async (request) => ({ data: await setAuthorityApproval(ctx, request.params.id, request.body.approved) }),
  );
}
