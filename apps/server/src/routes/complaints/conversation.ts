import {
  ERROR_RESPONSES,
  MSG_CONVERSATION,
  PHOTO_MAX_BYTES,
  ZAttachmentResponse,
  ZIdParam,
  ZPostMessageRequest,
  ZPostMessageResponse,
  ZReopenRequest,
  ZReopenResponse,
} from '@bit/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../lib/errors';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { addAttachment, postMessage, reopenComplaint } from '../../services/complaints';

/** The one `file` part of a photo upload, held in memory (8 MiB cap: the busboy limit answers 413). */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') throw badRequest(`Unexpected field ${part.fieldname.slice(0, 50)}`);
      const data = await part.toBuffer();
      if (part.fieldname !== 'file')
        throw badRequest('The photo must be sent in the field named file', part.fieldname);
      if (photo) throw badRequest('Send one photo per request', 'file');
      photo = data;
    }
  } catch (err) {
    if (
      err instanceof HttpError ||
      typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number'
    ) {
      // busboy's own size limit
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new HttpError(413, MSG_CONVERSATION.photoTooLarge);
      throw err;
    }
    throw badRequest('Malformed multipart body');
  }
  if (!photo || photo.length === 0) throw badRequest(MSG_CONVERSATION.photoRequired, 'file');
  return photo;
}

/**
 * CONTRACT 5.2 to 5.4 on a complaint: messages, photos, reopening. Mounted under /complaints as a
 * plugin of its own, so that only these routes parse multipart bodies.
 */
export async function conversationRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 2 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['conversation'];
  const signedIn = { preValidation: requireRole() };

  app.post(
    '/:id/messages',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Write on a complaint (its student or an approved authority in scope); the other side is mailed',
        params: ZIdParam,
        body: ZPostMessageRequest,
        response: { 201: ZPostMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await postMessage(ctx, currentUser(request), request.params.id, request.body.body);
      return reply.status(201).send({ message: MSG_CONVERSATION.messageSent, data });
    },
  );

  app.post(
    '/:id/attachments',
    {
      ...signedIn,
      bodyLimit: PHOTO_MAX_BYTES + 256 * 1024,
      schema: {
        tags,
        summary: 'Add a photo (multipart field file: JPEG, PNG or WebP, at most 8 MiB; 6 per complaint)',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 201: ZAttachmentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await addAttachment(ctx, user, request.params.id, () => readPhoto(request));
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/:id/reopen',
    {
      preValidation: requireRole('student'),
      schema: {
        tags,
        summary: 'Reopen a Resolved or Rejected complaint within 14 days, before feedback, at most twice',
        params: ZIdParam,
        body: ZReopenRequest,
        response: { 200: ZReopenResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const data = await reopenComplaint(ctx, currentUser(request), request.params.id, request.body.reason);
      return { message: MSG_CONVERSATION.reopened, data };
    },
  );
}
