import { MSG, ZErrorResponse, ZPublicConfig } from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }), 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.ctx.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('ping timeout')), 3000).unref();
          }),
        ]);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'health check failed');
        return reply.status(503).send({ message: MSG.dbUnavailable });
      } finally {
        // a check polled often must not leave a pending timer behind for each call
        clearTimeout(timer);
      }
    },
  );

  app.get(
    '/config',
    { schema: { tags: ['health'], summary: 'Settings the web app needs', response: { 200: ZPublicConfig } } },
    async () => ({
      studentEmailDomain: app.ctx.config.studentEmailDomain,
      authorityApproval: app.ctx.config.authorityApproval,
      timeZone: app.ctx.config.timeZone,
      admin2fa: app.ctx.config.admin2fa,
    }),
  );
}
