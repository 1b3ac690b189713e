import { buildUrl } from '../../../lib/api-client';

/**
 * GET /api/complaints/admin/export.csv with the report's type and hostel (CONTRACT 5.6): the export
 * takes the list's filters and has no period, so it lists every complaint of that type and hostel.
 */
export const exportComplaintsUrl = ({ type, hostelNo }: { type: string; hostelNo: string }) =>
  buildUrl('/complaints/admin/export.csv', { hostelNo, type });
