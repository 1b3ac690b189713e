import { PAGE_SIZE_DEFAULT, type TComplaintPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

/** The admin's filters as the URL holds them ('' for "all"); `before` as for the other lists. */
export type TAdminFilters = {
  hostelNo: string;
  type: string;
  status: string;
  /** only the overdue complaints (CONTRACT 5.5) */
  overdue: boolean;
  page: number;
  before?: number | undefined;
};

const getAdminComplaints = (filters: TAdminFilters, signal?: AbortSignal) =>
  api.get<TComplaintPage>('/complaints/admin/all', {
    query: { ...filters, overdue: filters.overdue ? 'true' : undefined, pageSize: PAGE_SIZE_DEFAULT },
    signal,
  });

const adminComplaintsQueryOptions = (filters: TAdminFilters) =>
  queryOptions({
    queryKey: complaintKeys.admin(filters),
    queryFn: ({ signal }) => getAdminComplaints(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminComplaints = (filters: TAdminFilters) => useQuery(adminComplaintsQueryOptions(filters));
