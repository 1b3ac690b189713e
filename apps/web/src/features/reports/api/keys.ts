import type { TReportFilters } from './get-report';

/** Every reports query key starts here. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (filters: TReportFilters) => ['reports', 'report', filters] as const,
};
