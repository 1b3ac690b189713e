import { z } from 'zod';
import { ADMIN_FILTERS } from './complaints';
import { COMPLAINT_TYPES, HOSTEL_MAX, HOSTEL_MIN } from './enums';
import { MSG_REPORT } from './period';
import { PERIOD_FILTERS, refinePeriod } from './period-query';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const ZReportQuery = z
  .object({
    ...PERIOD_FILTERS,
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
  .superRefine(refinePeriod);
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

/** The CSV export takes the admin list's filters, its period included, without paging (CONTRACT 5.6, 6.6). */
export const ZExportQuery = z.object(ADMIN_FILTERS).superRefine(refinePeriod);
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

/**
 * The export's file name, saying its period when it has one (issue 51 row 24):
 * complaints-2026-11-01-to-2026-11-29.csv; from a day on, up to `day`; up to a day, complaints-until-…;
 * without one, complaints-YYYY-MM-DD.csv, `day` being the day of the export in TIME_ZONE.
 */
export const exportFileName = (
  day: string,
  period: { from?: string | undefined; to?: string | undefined } = {},
) =>
  period.from
    ? `complaints-${period.from}-to-${period.to || day}.csv`
    : period.to
      ? `complaints-until-${period.to}.csv`
      : `complaints-${day}.csv`;
