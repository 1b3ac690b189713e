import { ERROR_RESPONSES, ZGrievanceReport, ZGrievanceReportQuery } from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/app/auth';
import { grievanceReport, grievanceReportCsv } from '../../services/grievances/report';

/** CONTRACT 7.4: the grievance report (admin), as JSON and as CSV. */
export async function grievanceReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['grievances'];

  // CONTRACT 7.4: the grievance report, counts only (no subject, no name), for admins
  const reportDescription =
    '`from` and `to` are days of submission in TIME_ZONE, both included, at most 366 days apart; without them, the last 90 days. Per committee and month of submission: received, decided, decided by `dueAt`, appealed, appeals decided by their `dueAt`, open past due now, median working days to a decision. Confidential committees are counted as the others.';

  app.get(
    '/admin/grievances/report',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        summary: 'Grievances per committee and month over a period (admin)',
        description: reportDescription,
        querystring: ZGrievanceReportQuery,
        response: { 200: ZGrievanceReport, ...ERROR_RESPONSES },
      },
    },
    async (request) => grievanceReport(ctx, request.query),
  );

  app.get(
    '/admin/grievances/report.csv',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        summary: 'The grievance report as CSV (admin)',
        description: `${reportDescription} A UTF-8 byte-order mark, a header line, RFC 4180 quoting; the file name names the period.`,
        querystring: ZGrievanceReportQuery,
        response: { 200: z.string().meta({ description: 'text/csv; charset=utf-8' }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await grievanceReportCsv(ctx, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}
