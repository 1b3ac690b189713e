import {
  ERROR_RESPONSES,
  ZCalendar,
  ZCalendarQuery,
  ZCalendarYearParam,
  ZSetHolidaysRequest,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { getCalendar, setHolidays } from '../../services/grievances/calendar';

/** CONTRACT 7.1: the calendar of working days, read by anyone signed in, kept by the admin. */
export default async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['calendar'];

  app.get(
    '/calendar',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary: "A year's working days and holidays (CONTRACT 7.1)",
        description:
          '`year` defaults to the current year in TIME_ZONE. `workingDays` is WORKING_DAYS, Monday first; holidays in date order.',
        querystring: ZCalendarQuery,
        response: { 200: ZCalendar, ...ERROR_RESPONSES },
      },
    },
    async (request) => getCalendar(ctx, request.query.year),
  );

  app.put(
    '/admin/calendar/:year',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        summary: "Replace a year's holidays (admin)",
        description:
          'At most 100, each a day of the year, none twice; a name of 1..60 characters. Audited `calendar.update` with target `{ type: "calendar", id: "<year>" }`. Deadlines already set do not move.',
        params: ZCalendarYearParam,
        body: ZSetHolidaysRequest,
        response: { 200: ZCalendar, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      setHolidays(
        ctx,
        { actor: currentUser(request), ip: request.ip },
        request.params.year,
        request.body.holidays,
      ),
  );
}
