import { z } from 'zod';
import { COMMITTEES } from './grievance-constants';
import { PERIOD_FILTERS, refinePeriod } from './period-query';

/**
 * CONTRACT 7.4: the grievance report (admin). Per committee and month of submission (in TIME_ZONE),
 * counts and the median working days to a decision; no subject, no description, no name: the
 * confidential committees' grievances (Ragging, Sexual harassment) are counted as the others and
 * nothing else is said of them.
 */

/** `from` and `to` as the complaint report's (CONTRACT 5.6): days in TIME_ZONE, at most 366; else the last 90. */
export const ZGrievanceReportQuery = z.object(PERIOD_FILTERS).superRefine(refinePeriod);
export type TGrievanceReportQuery = z.infer<typeof ZGrievanceReportQuery>;

export const ZGrievanceReportRow = z.object({
  committee: z.enum(COMMITTEES),
  /** YYYY-MM: the month of submission in TIME_ZONE */
  month: z.string(),
  /** submitted in the month */
  received: z.number().int(),
  /** of those, decided by their committee (whatever happened after) */
  decided: z.number().int(),
  /** of those, decided at or before their `dueAt` */
  decidedByDue: z.number().int(),
  /** of those, appealed to the Ombudsperson */
  appealed: z.number().int(),
  /** of those, appeals decided at or before the appeal's `dueAt` */
  appealsDecidedByDue: z.number().int(),
  /** still waiting, now, on a deadline that has passed (the committee's, or the appeal's) */
  openPastDue: z.number().int(),
  /** median working days (7.1) from submission to the committee's decision; null: none decided */
  medianWorkingDays: z.number().nullable(),
});
export type TGrievanceReportRow = z.infer<typeof ZGrievanceReportRow>;

export const ZGrievanceReport = z.object({
  from: z.string(),
  to: z.string(),
  /** the committees in COMMITTEES' order, each one's months in order; only months with a grievance */
  rows: z.array(ZGrievanceReportRow),
});
export type TGrievanceReport = z.infer<typeof ZGrievanceReport>;

/** The CSV's columns, in order: its header line (the JSON row's fields, the committee's name by its key). */
export const GRIEVANCE_REPORT_COLUMNS = [
  'committee',
  'committeeName',
  'month',
  'received',
  'decided',
  'decidedByDue',
  'appealed',
  'appealsDecidedByDue',
  'openPastDue',
  'medianWorkingDays',
] as const;

/** The CSV's file name, naming its period: grievance-report-2026-08-01-to-2026-10-29.csv. */
export const grievanceReportFileName = (period: { from: string; to: string }) =>
  `grievance-report-${period.from}-to-${period.to}.csv`;

export const MSG_GRIEVANCE_REPORT = {
  title: 'Grievances',
  failed: 'Failed to load the grievance report',
  none: 'No grievances were submitted in this period.',
} as const;
