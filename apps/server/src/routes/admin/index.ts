import type { FastifyInstance } from 'fastify';

export default async function adminRoutes(_app: FastifyInstance) {}
