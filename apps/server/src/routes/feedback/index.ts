import {
  ERROR_RESPONSES,
  MSG,
  ZFeedbackPage,
  ZPageQuery,
  ZPendingFeedbackList,
  ZSubmitFeedbackRequest,
  ZSubmitFeedbackResponse,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { listFeedback, pendingFeedback, submitFeedback } from '../../services/complaints/feedback';

export default async function feedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['feedback'];

  app.post(
    '/',
    {
      preValidation: requireRole('student'),
      schema: {
        tags,
        summary: "Rate one of the student's own resolved complaints, once",
        body: ZSubmitFeedbackRequest,
        response: { 201: ZSubmitFeedbackResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await submitFeedback(ctx, Number(currentUser(request).id), request.body);
      return reply.status(201).send({ message: MSG.feedbackSubmitted, data });
    },
  );

  app.get(
    '/',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        summary: 'All feedback, newest first, with the average rating',
        querystring: ZPageQuery,
        response: { 200: ZFeedbackPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listFeedback(ctx, request.query),
  );

  app.get(
    '/pending',
    {
      preValidation: requireRole('student'),
      schema: {
        tags,
        summary: "The student's resolved complaints that still await feedback",
        response: { 200: ZPendingFeedbackList, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await pendingFeedback(ctx, Number(currentUser(request).id)) }),
  );
}
