/**
 * The report's filters as the URL holds them ('' for "not given"): without `from` and `to` the server
 * reports the last REPORT_DAYS_DEFAULT days and says which in its answer.
 */
export type TReportFilters = { from: string; to: string; type: string; hostelNo: string };

/** The grievance report's period: the days the complaint report on screen covers. */
export type TGrievanceReportPeriod = { from: string; to: string };

/** Every reports query key starts here. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (filters: TReportFilters) => ['reports', 'report', filters] as const,
  grievances: (period: TGrievanceReportPeriod) => ['reports', 'grievances', period] as const,
};
