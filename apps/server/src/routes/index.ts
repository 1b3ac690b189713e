import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin';
import attachmentRoutes from './attachments';
import authRoutes from './auth';
import complaintRoutes from './complaints';
import { conversationRoutes } from './complaints/conversation';
import feedbackRoutes from './feedback';
import healthRoutes from './health';
import incidentRoutes from './incidents';
import meRoutes from './me';
import notificationRoutes from './notifications';
import { pushKeyRoutes, pushSubscriptionRoutes } from './push';
import stickerRoutes from './stickers';
import twoFactorRoutes from './two-factor';

/** Every API route, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(complaintRoutes, { prefix: '/complaints' });
  // messages, photos and reopening: a plugin of their own, the only one that parses multipart bodies
  await app.register(conversationRoutes, { prefix: '/complaints' });
  await app.register(attachmentRoutes, { prefix: '/attachments' });
  await app.register(incidentRoutes, { prefix: '/incidents' });
  await app.register(meRoutes, { prefix: '/me' });
  await app.register(twoFactorRoutes, { prefix: '/me/two-factor' });
  await app.register(pushSubscriptionRoutes, { prefix: '/me/push-subscriptions' });
  await app.register(pushKeyRoutes, { prefix: '/push' });
  await app.register(feedbackRoutes, { prefix: '/feedback' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(stickerRoutes);
}
