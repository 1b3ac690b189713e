import { PAGE_SIZE_DEFAULT, type TGrievancePage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys, type TGrievanceListFilter } from './keys';

const getGrievances = (filter: TGrievanceListFilter, signal?: AbortSignal) =>
  api.get<TGrievancePage>('/grievances', {
    query: {
      page: filter.page,
      pageSize: PAGE_SIZE_DEFAULT,
      before: filter.before,
      status: filter.status,
      category: filter.category,
      overdue: filter.overdue ? 'true' : undefined,
      q: filter.q,
    },
    signal,
  });

const grievancesQueryOptions = (filter: TGrievanceListFilter) =>
  queryOptions({
    queryKey: grievanceKeys.list(filter),
    queryFn: ({ signal }) => getGrievances(filter, signal),
    placeholderData: keepPreviousData,
  });

/**
 * CONTRACT 7.2: a student's own grievances, or a committee member's committees' ones (the
 * Ombudsperson's: the appealed ones); newest first, or with `overdue` the longest overdue first.
 */
export const useGrievances = (filter: TGrievanceListFilter, enabled = true) =>
  useQuery({ ...grievancesQueryOptions(filter), enabled });
