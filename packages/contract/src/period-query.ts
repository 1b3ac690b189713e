import { z } from 'zod';
import { isCalendarDay, MSG_REPORT, periodIssue, REPORT_DAY_MAX, REPORT_DAY_MIN } from './period';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const ZDay = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: MSG_REPORT.dateInvalid })
    // a day that is no day is said once, not also as out of range
    .refine(isCalendarDay, { message: MSG_REPORT.dateInvalid, abort: true })
    // YYYY-MM-DD compares as text
    .refine((day) => day >= REPORT_DAY_MIN && day <= REPORT_DAY_MAX, MSG_REPORT.dateOutOfRange)
    .optional(),
);

/**
 * `from` and `to` in a query string: days of TIME_ZONE, both included (CONTRACT 5.6, 6.6). One schema
 * for the report, the admin list and the export, with refinePeriod on the query that holds them.
 */
export const PERIOD_FILTERS = { from: ZDay, to: ZDay };

/** The rule across the two days (periodIssue), as a 400 naming its field; for a query's superRefine. */
export function refinePeriod(
  q: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const issue = periodIssue(q.from, q.to);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}
