import { PAGE_SIZE_DEFAULT, type TComplaintPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys, type TAdminFilters } from './keys';

const getAdminComplaints = (filters: TAdminFilters, signal?: AbortSignal) =>
  api.get<TComplaintPage>('/complaints/admin/all', {
    query: {
      ...filters,
      overdue: filters.overdue ? 'true' : undefined,
      q: filters.q || undefined,
      pageSize: PAGE_SIZE_DEFAULT,
    },
    signal,
  });

const adminComplaintsQueryOptions = (filters: TAdminFilters) =>
  queryOptions({
    queryKey: complaintKeys.admin(filters),
    queryFn: ({ signal }) => getAdminComplaints(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminComplaints = (filters: TAdminFilters) => useQuery(adminComplaintsQueryOptions(filters));
