import type { FastifyInstance } from 'fastify';

export default async function complaintsRoutes(_app: FastifyInstance) {}
