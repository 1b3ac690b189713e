import {
  ERROR_RESPONSES,
  MSG_PUSH,
  ZMessageResponse,
  ZPushKeyResponse,
  ZPushSubscriptionRequest,
  ZPushUnsubscribeRequest,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { subscribePush, unsubscribePush, vapidKeys } from '../../services/accounts/push-subscriptions';

/** CONTRACT 6.3: the server's VAPID key (GET /api/push/key). */
export async function pushKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  app.get(
    '/key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (RFC 8292), for PushManager.subscribe's applicationServerKey",
        response: { 200: ZPushKeyResponse, ...ERROR_RESPONSES },
      },
    },
    async () => ({ key: (await vapidKeys(ctx)).publicKey }),
  );
}

/** CONTRACT 6.3: the signed-in user's browsers (POST and DELETE /api/me/push-subscriptions). */
export async function pushSubscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['push'];
  app.post(
    '/',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary:
          'Subscribe this browser to pushes, for as long as this session lasts (at most 10 per user: the oldest is dropped)',
        body: ZPushSubscriptionRequest,
        response: { 201: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      // the session's own (CONTRACT 6.7): its end deletes the subscription
      currentUser(request);
      await subscribePush(ctx, request.auth!, request.body);
      return reply.status(201).send({ message: MSG_PUSH.subscribed });
    },
  );
  app.delete(
    '/',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary: 'Unsubscribe this browser',
        body: ZPushUnsubscribeRequest,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await unsubscribePush(ctx, currentUser(request), request.body.endpoint);
      return { message: MSG_PUSH.unsubscribed };
    },
  );
}
