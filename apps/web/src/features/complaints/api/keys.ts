import type { TComplaintStatus } from '@bit/contract';

/** The admin's filters as the URL holds them ('' for "all"); `before` as for the other lists. */
export type TAdminFilters = {
  hostelNo: string;
  type: string;
  status: string;
  /** only the overdue complaints (CONTRACT 5.5) */
  overdue: boolean;
  /** the search (CONTRACT 6.2), '' for none */
  q: string;
  /** only one incident's complaints (CONTRACT 6.1), its id as the URL holds it */
  incident?: string | undefined;
  page: number;
  before?: number | undefined;
};

/** `before`: the last id of the page before (keyset paging, see hooks/use-page-cursors.ts). */
export type TAuthorityQuery = {
  page: number;
  pageSize?: number;
  status?: TComplaintStatus | '';
  /** only the overdue complaints (CONTRACT 5.5) */
  overdue?: boolean;
  /** the search (CONTRACT 6.2), '' or absent for none */
  q?: string;
  /** only one incident's complaints (CONTRACT 6.1) */
  incident?: number | undefined;
  /** CONTRACT 7.5: the complaints assigned to the caller, or the scope's assigned to no one */
  assignee?: 'me' | 'none' | '' | undefined;
  before?: number | undefined;
};

/** Every complaint query key starts here, so one invalidation refreshes every list and detail. */
export const complaintKeys = {
  all: ['complaints'] as const,
  student: (page: number, before?: number, q = '') => ['complaints', 'student', page, before, q] as const,
  authority: (query: TAuthorityQuery) => ['complaints', 'authority', query] as const,
  admin: (filters: TAdminFilters) => ['complaints', 'admin', filters] as const,
  detail: (token: string) => ['complaints', 'detail', token] as const,
};
