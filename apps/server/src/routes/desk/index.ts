import {
  ERROR_RESPONSES,
  ZDeskFilingRequest,
  ZDeskStudentResponse,
  ZFileComplaintResponse,
  ZRollQuery,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { fileAtDesk, lookUpStudent } from '../../services/complaints/desk';

/** CONTRACT 7.5: filing at the desk, for a student who came in person (decision 0032). */
export default async function deskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['desk'];
  // which clerk may do what is the policy's word (mayWorkTheDesk, mayFileAtDesk)
  const preValidation = requireRole('admin', 'authority');

  app.get(
    '/students/by-roll',
    {
      preValidation,
      schema: {
        tags,
        summary: "A student's name by roll number, for the desk (an approved Hostel Clerk or an admin)",
        description:
          'Any roll number, exact or differing only in case; never an email or a mobile number. 404 `No student with this roll number`.',
        querystring: ZRollQuery,
        response: { 200: ZDeskStudentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await lookUpStudent(ctx, currentUser(request), request.query.rollNo) }),
  );

  app.post(
    '/complaints/on-behalf',
    {
      preValidation,
      schema: {
        tags,
        summary: 'File a complaint at the desk for a student who came in person',
        description:
          'An approved Hostel Clerk for a Hostel complaint of their own hostel, or an admin for any. The student\'s own complaint: counted in their 20 a day, "Filed at the desk by <name>" in its history, the token mailed to the student. 404 `No student with this roll number`.',
        body: ZDeskFilingRequest,
        response: { 201: ZFileComplaintResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const result = await fileAtDesk(ctx, currentUser(request), request.body);
      return reply.status(201).send(result);
    },
  );
}
