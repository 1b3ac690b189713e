import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin';
import assignmentRoutes from './assignment';
import attachmentRoutes from './attachments';
import authRoutes from './auth';
import calendarRoutes from './calendar';
import complaintRoutes from './complaints';
import { conversationRoutes } from './complaints/conversation';
import deskRoutes from './desk';
import feedbackRoutes from './feedback';
import grievanceRoutes from './grievances';
import healthRoutes from './health';
import incidentRoutes from './incidents';
import meRoutes from './me';
import notificationRoutes from './notifications';
import { pushKeyRoutes, pushSubscriptionRoutes } from './push';
import replyRoutes from './replies';
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
  // CONTRACT 7.1, 7.2: /calendar and /committees, and their admin routes under /admin
  await app.register(calendarRoutes);
  await app.register(grievanceRoutes);
  // CONTRACT 7.5: /me/replies and /admin/replies
  await app.register(replyRoutes);
  // CONTRACT 7.5: /complaints/on-behalf and /students/by-roll, filing at the desk
  await app.register(deskRoutes);
  // CONTRACT 7.5: /complaints/{id}/assignee and /authorities/assignable, assignment
  await app.register(assignmentRoutes);
}
