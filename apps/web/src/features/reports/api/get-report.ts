import type { TReport } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys, type TReportFilters } from './keys';

const getReport = (filters: TReportFilters, signal?: AbortSignal) =>
  api.get<TReport>('/complaints/admin/report', { query: filters, signal });

const reportQueryOptions = (filters: TReportFilters) =>
  queryOptions({
    queryKey: reportKeys.report(filters),
    queryFn: ({ signal }) => getReport(filters, signal),
    // the figures of the period before stay on screen (marked as updating) while the next loads
    placeholderData: keepPreviousData,
  });

/** GET /api/complaints/admin/report (CONTRACT 5.6). */
export const useReport = (filters: TReportFilters) => useQuery(reportQueryOptions(filters));
