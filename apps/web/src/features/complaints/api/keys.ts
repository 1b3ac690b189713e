import type { TAdminFilters } from './get-admin-complaints';
import type { TAuthorityQuery } from './get-authority-complaints';

/** Every complaint query key starts here, so one invalidation refreshes every list and detail. */
export const complaintKeys = {
  all: ['complaints'] as const,
  student: (page: number, before?: number) => ['complaints', 'student', page, before] as const,
  authority: (query: TAuthorityQuery) => ['complaints', 'authority', query] as const,
  admin: (filters: TAdminFilters) => ['complaints', 'admin', filters] as const,
  detail: (token: string) => ['complaints', 'detail', token] as const,
};
