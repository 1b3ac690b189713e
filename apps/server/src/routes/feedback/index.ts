import type { FastifyInstance } from 'fastify';

export default async function feedbackRoutes(_app: FastifyInstance) {}
