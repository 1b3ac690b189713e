import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin';
import authRoutes from './auth';
import complaintRoutes from './complaints';
import feedbackRoutes from './feedback';
import healthRoutes from './health';
import notificationRoutes from './notifications';

/** Every API route, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(complaintRoutes, { prefix: '/complaints' });
  await app.register(feedbackRoutes, { prefix: '/feedback' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(adminRoutes, { prefix: '/admin' });
}
