import type { TCommittees } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

/** The committees with their members' user ids, for the admin to change. */
const getAdminCommittees = (signal?: AbortSignal) => api.get<TCommittees>('/admin/committees', { signal });

const adminCommitteesQueryOptions = () =>
  queryOptions({
    queryKey: grievanceKeys.adminCommittees(),
    queryFn: ({ signal }) => getAdminCommittees(signal),
  });

export const useAdminCommittees = () => useQuery(adminCommitteesQueryOptions());
