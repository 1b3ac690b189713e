import {
  ERROR_RESPONSES,
  MSG_REPLIES,
  type TRole,
  ZIdParam,
  ZMessageResponse,
  ZSavedRepliesResponse,
  ZSavedReplyResponse,
  ZSaveReplyRequest,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import {
  addReply,
  deleteReply,
  listReplies,
  type ReplyList,
  updateReply,
} from '../../services/replies/replies';

/** The two lists of CONTRACT 7.5: an authority's own, and the admins' shared one. */
const LISTS: { prefix: string; list: ReplyList; role: TRole; who: string }[] = [
  { prefix: '/me/replies', list: 'own', role: 'authority', who: 'an approved authority, their own' },
  {
    prefix: '/admin/replies',
    list: 'shared',
    role: 'admin',
    who: 'admin, the replies shared with every authority',
  },
];

/**
 * CONTRACT 7.5: saved replies (decision 0031). A reply out of the caller's list (another authority's,
 * or a shared one asked for at /me/replies/{id}) is "not found", as a complaint out of scope is.
 */
export default async function replyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['replies'];

  for (const { prefix, list, role, who } of LISTS) {
    app.get(
      prefix,
      {
        preValidation: requireRole(role),
        schema: {
          tags,
          summary: `Saved replies (${who})`,
          description:
            list === 'own'
              ? "The authority's own replies by title, then the shared ones (`shared: true`, read only here) by title. 403 while awaiting approval."
              : 'The shared replies by title, every one `shared: true`.',
          response: { 200: ZSavedRepliesResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) => ({ data: await listReplies(ctx, currentUser(request), list) }),
    );

    app.post(
      prefix,
      {
        preValidation: requireRole(role),
        schema: {
          tags,
          summary: `Save a reply (${who})`,
          description: `title 1..60 (trimmed), body 1..2000 (kept as sent). At most 50 in the list: the 51st is 409 \`${list === 'own' ? MSG_REPLIES.tooMany : MSG_REPLIES.tooManyShared}\`.`,
          body: ZSaveReplyRequest,
          response: { 201: ZSavedReplyResponse, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const data = await addReply(ctx, currentUser(request), list, request.body);
        return reply.status(201).send({ message: MSG_REPLIES.added, data });
      },
    );

    app.put(
      `${prefix}/:id`,
      {
        preValidation: requireRole(role),
        schema: {
          tags,
          summary: `Change a saved reply (${who})`,
          description: 'A reply of this list only; any other is 404.',
          params: ZIdParam,
          body: ZSaveReplyRequest,
          response: { 200: ZSavedReplyResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) => ({
        message: MSG_REPLIES.updated,
        data: await updateReply(ctx, currentUser(request), list, request.params.id, request.body),
      }),
    );

    app.delete(
      `${prefix}/:id`,
      {
        preValidation: requireRole(role),
        schema: {
          tags,
          summary: `Delete a saved reply (${who})`,
          description: 'A reply of this list only; any other is 404. Its place in the 50 is free again.',
          params: ZIdParam,
          response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        await deleteReply(ctx, currentUser(request), list, request.params.id);
        return { message: MSG_REPLIES.deleted };
      },
    );
  }
}
