import { z } from 'zod';
import { ADMIN_FILTERS } from './complaints';
import { COMPLAINT_TYPES, HOSTEL_MAX, HOSTEL_MIN } from './enums';

/** A report covers at most this many days, both ends included (CONTRACT 5.6). */
export const REPORT_DAYS_MAX = 366;
/** Without `from` and `to`, the last this many days up to today. */
export const REPORT_DAYS_DEFAULT = 90;
/**
 * The days a report may name. No complaint is older than the clock's epoch, and the last year stops short of
 * 9999 so that a default period reckoned from a day (90 days on) is still a four-digit year.
 */
export const REPORT_DAY_MIN = '1970-01-01';
export const REPORT_DAY_MAX = '9998-12-31';

export const MSG_REPORT = {
  dateInvalid: 'Dates must be real days written YYYY-MM-DD',
  rangeReversed: '"from" must not be after "to"',
  rangeTooLong: `A report covers at most ${REPORT_DAYS_MAX} days`,
  hostelInvalid: `Hostel number must be between ${HOSTEL_MIN} and ${HOSTEL_MAX}`,
  dateOutOfRange: `Dates must be between ${REPORT_DAY_MIN} and ${REPORT_DAY_MAX}`,
} as const;

/** YYYY-MM-DD that names a real calendar day. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both included: 1 for the same day. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const ZDay = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: MSG_REPORT.dateInvalid })
    .refine(isCalendarDay, MSG_REPORT.dateInvalid)
    // YYYY-MM-DD compares as text
    .refine((day) => day >= REPORT_DAY_MIN && day <= REPORT_DAY_MAX, MSG_REPORT.dateOutOfRange)
    .optional(),
);

export const ZReportQuery = z
  .object({
    from: ZDay,
    to: ZDay,
    type: z.preprocess(
      emptyToUndefined,
      z.enum(COMPLAINT_TYPES, { error: 'Type must be Hostel or College' }).optional(),
    ),
    hostelNo: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number<string | number>({ error: MSG_REPORT.hostelInvalid })
        .int(MSG_REPORT.hostelInvalid)
        .min(HOSTEL_MIN, MSG_REPORT.hostelInvalid)
        .max(HOSTEL_MAX, MSG_REPORT.hostelInvalid)
        .optional(),
    ),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    if (q.from < REPORT_DAY_MIN || q.to > REPORT_DAY_MAX) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: MSG_REPORT.rangeReversed });
    else if (daysInRange(q.from, q.to) > REPORT_DAYS_MAX)
      ctx.addIssue({ code: 'custom', path: ['to'], message: MSG_REPORT.rangeTooLong });
  });
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** Hours with one decimal; null where there is nothing to measure. */
const hours = z.number().nullable();
const ZPercentiles = z.object({ median: hours, p90: hours });

export const ZReport = z.object({
  from: z.string(),
  to: z.string(),
  filed: z.number().int(),
  resolved: z.number().int(),
  rejected: z.number().int(),
  resolutionHours: ZPercentiles,
  firstResponseHours: ZPercentiles,
  byMonth: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      filed: z.number().int(),
      resolved: z.number().int(),
      medianResolutionHours: hours,
    }),
  ),
  byCategory: z.array(
    z.object({
      type: z.enum(COMPLAINT_TYPES),
      subType: z.string(),
      filed: z.number().int(),
      resolved: z.number().int(),
      medianResolutionHours: hours,
    }),
  ),
  byHostel: z.array(
    z.object({
      hostelNo: z.number().int(),
      filed: z.number().int(),
      resolved: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
  backlog: z.object({
    under1d: z.number().int(),
    d1to3: z.number().int(),
    d3to7: z.number().int(),
    over7d: z.number().int(),
  }),
});
export type TReport = z.infer<typeof ZReport>;

/** The CSV export takes the admin list's filters, without paging (CONTRACT 5.6). */
export const ZExportQuery = z.object(ADMIN_FILTERS);
export type TExportQuery = z.infer<typeof ZExportQuery>;

/** The export's columns, in order: its header line. */
export const EXPORT_COLUMNS = [
  'token',
  'type',
  'hostelNo',
  'roomNo',
  'subType',
  'description',
  'status',
  'remarks',
  'student',
  'rollNo',
  'assignedTo',
  'createdAt',
  'updatedAt',
  'dueAt',
  'overdue',
  'rating',
] as const;

/** complaints-YYYY-MM-DD.csv, the day in TIME_ZONE */
export const exportFileName = (day: string) => `complaints-${day}.csv`;
