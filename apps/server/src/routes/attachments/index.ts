import { ZIdParam } from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionInStatement, signedInRead } from '../../plugins/app/auth';
import { readAttachment, readAttachmentWithSession } from '../../services/complaints';

/** Photos by id: `/attachments/{id}` and its thumbnail, for whoever may see the complaint (CONTRACT 5.3). */
export default async function attachmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  for (const [path, size] of [
    ['/:id', 'full'],
    ['/:id/thumb', 'thumb'],
  ] as const) {
    app.get(
      path,
      {
        ...sessionInStatement(ctx.database, ['postgres']),
        schema: {
          tags: ['conversation'],
          summary: size === 'full' ? 'A photo of a complaint' : "A photo's thumbnail (at most 320 px)",
          params: ZIdParam,
          // no response schema: the body is the image's bytes
        },
      },
      async (request, reply) => {
        const { contentType, data } = await signedInRead(
          request,
          [],
          (user) => readAttachment(ctx, user, request.params.id, size),
          (tokenHash) => readAttachmentWithSession(ctx, tokenHash, request.params.id, size),
        );
        // CONTRACT 6.6: no-store, not a day in the browser's cache, where the next user of a shared
        // browser could open another student's photo after they logged out
        return reply
          .header('content-type', contentType)
          .header('content-disposition', 'inline')
          .header('cache-control', 'private, no-store')
          .send(data);
      },
    );
  }
}
