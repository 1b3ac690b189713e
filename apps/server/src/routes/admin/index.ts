import { ERROR_RESPONSES, ZAuthorityList, ZIdParam, ZSetApprovalRequest, ZUserResponse } from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/app/auth';
import { listAuthorities, setAuthorityApproval } from '../../services/admin';

// complaints.ts also exports a ZAuthorityListQuery and `export *` keeps only one of the two names
const ZApprovalFilter = z.object({
  approved: z.enum(['true', 'false'], { error: 'approved must be true or false' }).optional(),
});

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
        summary: 'Verified authorities, those awaiting approval first',
        querystring: ZApprovalFilter,
        response: { 200: ZAuthorityList, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const q = request.query.approved;
      const data = await listAuthorities(ctx, q === undefined ? undefined : q === 'true');
      return { count: data.length, data };
    },
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
