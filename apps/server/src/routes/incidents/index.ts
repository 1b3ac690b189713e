import {
  ERROR_RESPONSES,
  MSG_INCIDENT,
  ZCreateIncidentRequest,
  ZIdParam,
  ZIncidentDetailResponse,
  ZIncidentGroups,
  ZIncidentListQuery,
  ZIncidentPage,
  ZIncidentResponse,
  ZJoinIncidentRequest,
  ZJoinIncidentResponse,
  ZLinkComplaintsRequest,
  ZOpenIncidents,
  ZOpenIncidentsQuery,
  ZUpdateIncidentRequest,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import {
  declareIncident,
  getIncident,
  incidentGroups,
  joinIncident,
  linkComplaints,
  listIncidents,
  openIncidentsFor,
  unlinkComplaint,
  updateIncident,
} from '../../services/incidents';

const ZUnlinkParams = z.object({
  id: ZIdParam.shape.id,
  complaintId: ZIdParam.shape.id,
});

/** CONTRACT 6.1: incidents, one problem of many complaints. */
export default async function incidentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['incidents'];
  const only = (...roles: Parameters<typeof requireRole>) => ({ preValidation: requireRole(...roles) });

  app.post(
    '/',
    {
      ...only('authority', 'admin'),
      schema: {
        tags,
        summary: 'Declare an incident (an approved authority in scope, or an admin), linking complaints',
        body: ZCreateIncidentRequest,
        response: { 201: ZIncidentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await declareIncident(ctx, currentUser(request), request.body, request.ip);
      return reply.status(201).send({ message: MSG_INCIDENT.created, data });
    },
  );

  app.get(
    '/',
    {
      ...only('authority', 'admin'),
      schema: {
        tags,
        summary: 'Incidents in scope (an admin: all), newest first',
        querystring: ZIncidentListQuery,
        response: { 200: ZIncidentPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listIncidents(ctx, currentUser(request), request.query),
  );

  app.get(
    '/open',
    {
      ...only('student'),
      schema: {
        tags,
        summary: 'Open incidents matching a filing: at most 5, most affected first',
        description: 'Only the incident itself: never a name, room, roll number or description of anyone.',
        querystring: ZOpenIncidentsQuery,
        response: { 200: ZOpenIncidents, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await openIncidentsFor(ctx, request.query, Number(currentUser(request).id)),
    }),
  );

  app.get(
    '/groups',
    {
      ...only('authority', 'admin'),
      schema: {
        tags,
        summary:
          'What looks like one problem: 3+ open, unlinked complaints in scope of one category in 24 hours',
        response: { 200: ZIncidentGroups, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await incidentGroups(ctx, currentUser(request)) }),
  );

  app.get(
    '/:id',
    {
      ...only('authority', 'admin'),
      schema: {
        tags,
        summary: 'One incident with its first 100 complaints, newest first',
        params: ZIdParam,
        response: { 200: ZIncidentDetailResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getIncident(ctx, currentUser(request), request.params.id) }),
  );

  app.put(
    '/:id',
    {
      ...only('authority'),
      schema: {
        tags,
        summary: 'Set the status of an incident and of every linked open complaint, in one transaction',
        params: ZIdParam,
        body: ZUpdateIncidentRequest,
        response: { 200: ZIncidentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const data = await updateIncident(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { message: MSG_INCIDENT.updated, data };
    },
  );

  app.post(
    '/:id/complaints',
    {
      ...only('authority', 'admin'),
      schema: {
        tags,
        summary: 'Link complaints to an incident (a complaint is in at most one)',
        params: ZIdParam,
        body: ZLinkComplaintsRequest,
        response: { 200: ZIncidentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const data = await linkComplaints(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.complaintIds,
      );
      return { message: MSG_INCIDENT.linked, data };
    },
  );

  app.delete(
    '/:id/complaints/:complaintId',
    {
      ...only('authority', 'admin'),
      schema: {
        tags,
        summary: 'Unlink a complaint from an incident',
        params: ZUnlinkParams,
        response: { 200: ZIncidentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, complaintId } = request.params;
      const data = await unlinkComplaint(ctx, currentUser(request), id, complaintId);
      return { message: MSG_INCIDENT.unlinked, data };
    },
  );

  app.post(
    '/:id/join',
    {
      ...only('student'),
      schema: {
        tags,
        summary: 'Join an open incident: a complaint of your own, linked (counted in the 20 a day)',
        params: ZIdParam,
        body: ZJoinIncidentRequest,
        response: { 201: ZJoinIncidentResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const result = await joinIncident(ctx, currentUser(request), request.params.id, request.body ?? {});
      return reply.status(201).send(result);
    },
  );
}
