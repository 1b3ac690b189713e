import {
  ASSIGNABLE_MAX,
  ERROR_RESPONSES,
  ZAssignableList,
  ZAssignableQuery,
  ZAssigneeRequest,
  ZComplaint,
  ZIdParam,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { assignableAuthorities, assignComplaint } from '../../services/complaints/assign';

/** CONTRACT 7.5: assigning a complaint to the approved authority who does the work. */
export default async function assignmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['complaints'];
  // who may assign, and whom, is the policy's word (staffRefusal, userReaches, mayBeAssignee)
  const preValidation = requireRole('authority');

  app.put(
    '/complaints/:id/assignee',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Assign a complaint to an approved authority, or clear its assignee',
        description:
          'By an approved authority who may update the complaint (in scope, or its assignee). `userId`: an approved authority (400 otherwise), or null to clear. The history gains "Assigned to <name>" or "Assignment cleared"; the assignee is told by mail and push.',
        params: ZIdParam,
        body: ZAssigneeRequest,
        response: { 200: ZComplaint, ...ERROR_RESPONSES },
      },
    },
    async (request) => assignComplaint(ctx, currentUser(request), request.params.id, request.body.userId),
  );

  app.get(
    '/authorities/assignable',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Approved authorities a complaint may be assigned to, by name',
        description: `At most ${ASSIGNABLE_MAX}, whose name holds \`q\`: id, name and designation only, never an email or a phone.`,
        querystring: ZAssignableQuery,
        response: { 200: ZAssignableList, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await assignableAuthorities(ctx, currentUser(request), request.query.q, ASSIGNABLE_MAX),
    }),
  );
}
