import { buildUrl } from '../../../lib/api-client';

/** The admin list's filters as the URL holds them ('' for "all"). */
export type TExportFilters = {
  hostelNo: string;
  type: string;
  status: string;
  overdue: boolean;
  q: string;
  incident?: string | undefined;
};

/**
 * GET /api/complaints/admin/export.csv: the address of the CSV of every complaint the filters keep
 * (CONTRACT 5.6), downloaded by following it (components/export-csv-link.tsx).
 */
export const exportComplaintsUrl = ({ hostelNo, type, status, overdue, q, incident }: TExportFilters) =>
  buildUrl('/complaints/admin/export.csv', {
    hostelNo,
    type,
    status,
    overdue: overdue ? 'true' : undefined,
    q: q || undefined,
    incident,
  });
