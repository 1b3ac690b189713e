import {
  ERROR_RESPONSES,
  ZCommitteeParam,
  ZCommitteeResponse,
  ZCommittees,
  ZPublicCommittees,
  ZSetCommitteeRequest,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { listCommittees, listPublicCommittees, setCommittee } from '../../services/grievances/committees';

/** CONTRACT 7.2: the committees that hear grievances, and the admin's appointing of their members. */
export async function committeeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['grievances'];

  app.get(
    '/committees',
    {
      schema: {
        tags,
        summary: 'The grievance committees and their members (anyone, signed in or not)',
        description:
          "Names and designations, never an email or a phone. In the order sgrc, ombudsperson, anti-ragging, icc; each committee's chair first.",
        response: { 200: ZPublicCommittees, ...ERROR_RESPONSES },
      },
    },
    async () => ({ data: await listPublicCommittees(ctx) }),
  );

  app.get(
    '/admin/committees',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        summary: "The committees with their members' user ids (admin)",
        response: { 200: ZCommittees, ...ERROR_RESPONSES },
      },
    },
    async () => ({ data: await listCommittees(ctx) }),
  );

  app.put(
    '/admin/committees/:committee',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        summary: "Appoint a committee's members and its chair (admin)",
        description:
          'Members are approved authorities, no one twice, exactly one chair when there are members; the ombudsperson is at most one. Replaces the members it had. Audited `committee.update` with target `{ type: "committee", id: "<committee>" }`.',
        params: ZCommitteeParam,
        body: ZSetCommitteeRequest,
        response: { 200: ZCommitteeResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await setCommittee(
        ctx,
        { actor: currentUser(request), ip: request.ip },
        request.params.committee,
        request.body.members,
      ),
    }),
  );
}
