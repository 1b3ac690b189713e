import type { FastifyInstance } from 'fastify';
import { committeeRoutes } from './committees';
import { grievanceCaseRoutes } from './grievances';
import { grievanceReportRoutes } from './report';

/**
 * CONTRACT 7.2-7.4, one file a resource: the committees (/committees, /admin/committees), the
 * grievance report (/admin/grievances/report) and the grievances (/grievances).
 */
export default async function grievanceRoutes(fastify: FastifyInstance) {
  await fastify.register(committeeRoutes);
  await fastify.register(grievanceReportRoutes);
  await fastify.register(grievanceCaseRoutes);
}
