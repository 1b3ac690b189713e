import { buildUrl } from '../../../lib/api-client';
import type { TReportFilters } from './keys';

/**
 * GET /api/complaints/admin/export.csv with the report's period, type and hostel (CONTRACT 5.6, 6.6):
 * every complaint filed in that period, as the report on screen counts them.
 */
export const exportComplaintsUrl = ({ from, to, type, hostelNo }: TReportFilters) =>
  buildUrl('/complaints/admin/export.csv', { from, to, hostelNo, type });
