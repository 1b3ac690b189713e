import { Readable } from 'node:stream';
import {
  ERROR_RESPONSES,
  exportFileName,
  MSG,
  ZAdminListQuery,
  ZAdminStats,
  ZAuthorityComplaintPage,
  ZAuthorityListQuery,
  ZComplaintPage,
  ZComplaintWithHistory,
  ZExportQuery,
  ZFileComplaintRequest,
  ZFileComplaintResponse,
  ZIdParam,
  ZReport,
  ZReportQuery,
  ZStudentListQuery,
  ZTokenParam,
  ZUpdateComplaintRequest,
  ZUpdateComplaintResponse,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, sessionInStatement, signedInRead } from '../../plugins/app/auth';
import {
  adminStats,
  exportDay,
  fileComplaint,
  getComplaintByTokenWithSession,
  listAdminComplaints,
  listAdminComplaintsWithSession,
  listAuthorityComplaints,
  listStudentComplaints,
  startComplaintsExport,
  updateComplaintStatus,
} from '../../services/complaints';
import { complaintReport } from '../../services/oversight/report';

const SEARCH_NOTE =
  "`q` (CONTRACT 6.2, up to 100 characters; blank is no search): every word must be the token, roll or room number (whole) or begin a word of the student's name, the description, the remarks or a message (case, accents and hyphens aside); `count` is of the matches.";

export default async function complaintsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['complaints'];
  // authentication runs before validation, so an anonymous caller learns nothing about the input rules
  const only = (...roles: Parameters<typeof requireRole>) => ({ preValidation: requireRole(...roles) });

  app.post(
    '/',
    {
      ...only('student'),
      schema: {
        tags,
        summary: 'File a complaint as the signed-in student',
        body: ZFileComplaintRequest,
        response: { 201: ZFileComplaintResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const result = await fileComplaint(ctx, currentUser(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/student',
    {
      ...only('student'),
      schema: {
        tags,
        summary: "The signed-in student's complaints, newest first",
        description: SEARCH_NOTE,
        querystring: ZStudentListQuery,
        response: { 200: ZComplaintPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listStudentComplaints(ctx, currentUser(request), request.query),
  );

  app.get(
    '/authority',
    {
      ...only('authority'),
      schema: {
        tags,
        summary: "Complaints in the authority's scope, with counts over the whole scope",
        description: `Newest first; with \`overdue=true\` most overdue first (CONTRACT 6.6). An authority awaiting approval gets an empty page and zero counts. ${SEARCH_NOTE} The stats stay the whole scope's.`,
        querystring: ZAuthorityListQuery,
        response: { 200: ZAuthorityComplaintPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listAuthorityComplaints(ctx, currentUser(request), request.query),
  );

  app.get(
    '/admin/all',
    {
      ...sessionInStatement(ctx.database, ['postgres'], 'admin'),
      schema: {
        tags,
        summary: 'All complaints matching every given filter',
        description: `Newest first; with \`overdue=true\` most overdue first (CONTRACT 6.6). \`from\` and \`to\` keep the complaints filed on those days in TIME_ZONE, as the report takes them, newest first by filing time. ${SEARCH_NOTE}`,
        querystring: ZAdminListQuery,
        response: { 200: ZComplaintPage, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      signedInRead(
        request,
        ['admin'],
        () => listAdminComplaints(ctx, request.query),
        (tokenHash) => listAdminComplaintsWithSession(ctx, tokenHash, request.query),
      ),
  );

  app.get(
    '/admin/stats',
    {
      ...only('admin'),
      schema: {
        tags,
        summary: 'Complaint and feedback totals',
        response: { 200: ZAdminStats, ...ERROR_RESPONSES },
      },
    },
    async () => adminStats(ctx),
  );

  app.get(
    '/admin/report',
    {
      ...only('admin'),
      schema: {
        tags,
        summary: 'Filed, resolved and response times over a period (CONTRACT 5.6)',
        description:
          '`from` and `to` are days in TIME_ZONE, both included, at most 366 days apart; without them, the last 90 days.',
        querystring: ZReportQuery,
        response: { 200: ZReport, ...ERROR_RESPONSES },
      },
    },
    async (request) => complaintReport(ctx, request.query),
  );

  app.get(
    '/admin/export.csv',
    {
      ...only('admin'),
      schema: {
        tags,
        summary: 'Every complaint matching the filters, in the list order, as CSV (CONTRACT 5.6, 6.6)',
        description:
          'Streamed: a UTF-8 byte-order mark, a header line, RFC 4180 quoting, and formula-like cells prefixed with a quote. Dates in TIME_ZONE as YYYY-MM-DD HH:MM:SS. `from`, `to` and `q` as on /admin/all.',
        querystring: ZExportQuery,
        response: { 200: z.string().meta({ description: 'text/csv; charset=utf-8' }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      // the file says the period it holds (issue 51 row 24), its days as validated above
      const filename = exportFileName(exportDay(ctx), request.query);
      const csv = await startComplaintsExport(
        ctx,
        { actor: currentUser(request), ip: request.ip },
        request.query,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          // a stream is sent as it is read, never serialized: the 200 schema only documents it
          .send(Readable.from(csv) as never)
      );
    },
  );

  app.get(
    '/:token',
    {
      ...sessionInStatement(ctx.database, ['sqlite', 'postgres']),
      schema: {
        tags,
        summary: 'One complaint with its history, for its student, an authority in scope or an admin',
        params: ZTokenParam,
        response: { 200: z.object({ data: ZComplaintWithHistory }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { token } = request.params;
      const data = await signedInRead(request, [], null, (tokenHash) =>
        getComplaintByTokenWithSession(ctx, tokenHash, token),
      );
      return { data };
    },
  );

  app.put(
    '/:id',
    {
      ...only('authority'),
      schema: {
        tags,
        summary: 'Set the status and remarks of a complaint in scope; the student is mailed',
        params: ZIdParam,
        body: ZUpdateComplaintRequest,
        response: { 200: ZUpdateComplaintResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const data = await updateComplaintStatus(ctx, currentUser(request), request.params.id, request.body);
      return { message: MSG.statusUpdated, data };
    },
  );
}
