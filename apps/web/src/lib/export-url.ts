import { buildUrl } from './api-client';

/**
 * What the admin's CSV export takes (CONTRACT 5.6, 6.6), each as the URL of its screen holds it
 * ('' or absent for "all"): the admin list's filters and search, or the report's period, type and
 * hostel.
 */
export type TExportFilters = {
  from?: string | undefined;
  to?: string | undefined;
  hostelNo?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  overdue?: boolean | undefined;
  q?: string | undefined;
  incident?: string | undefined;
};

/**
 * GET /api/complaints/admin/export.csv: the one address of the CSV of every complaint the filters
 * keep, for the admin list and the report alike, downloaded by following it
 * (components/export-csv-link.tsx). Empty filters are left out.
 */
export const exportComplaintsUrl = (f: TExportFilters) =>
  buildUrl('/complaints/admin/export.csv', {
    from: f.from,
    to: f.to,
    hostelNo: f.hostelNo,
    type: f.type,
    status: f.status,
    overdue: f.overdue ? 'true' : undefined,
    q: f.q,
    incident: f.incident,
  });

/**
 * GET /api/admin/grievances/report.csv: the grievance report of a period as CSV (CONTRACT 7.4), the
 * Reports screen's "Download CSV"; `from` and `to` the days the report on screen covers.
 */
export const grievanceReportCsvUrl = (period: { from?: string | undefined; to?: string | undefined }) =>
  buildUrl('/admin/grievances/report.csv', { from: period.from, to: period.to });
