import type { FastifyInstance } from 'fastify';

export default async function notificationsRoutes(_app: FastifyInstance) {}
