import type { TGrievanceReport } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys, type TGrievanceReportPeriod } from './keys';

const getGrievanceReport = (period: TGrievanceReportPeriod, signal?: AbortSignal) =>
  api.get<TGrievanceReport>('/admin/grievances/report', { query: period, signal });

const grievanceReportQueryOptions = (period: TGrievanceReportPeriod) =>
  queryOptions({
    queryKey: reportKeys.grievances(period),
    queryFn: ({ signal }) => getGrievanceReport(period, signal),
    // the period before stays on screen while the next loads, as the complaint report's figures do
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/grievances/report (CONTRACT 7.4). */
export const useGrievanceReport = (period: TGrievanceReportPeriod) =>
  useQuery(grievanceReportQueryOptions(period));
