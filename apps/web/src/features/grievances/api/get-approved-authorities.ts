import { PAGE_SIZE_MAX, type TAuthorityList, type TUser } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

/** Pages read at most: a college's approved authorities are tens or hundreds, not thousands. */
const PAGES_MAX = 20;

/** Every approved authority, the committees' candidates: pages of 100 until the count is read. */
async function getApprovedAuthorities(signal?: AbortSignal): Promise<TUser[]> {
  const all: TUser[] = [];
  for (let page = 1; page <= PAGES_MAX; page++) {
    const list = await api.get<TAuthorityList>('/admin/authorities', {
      query: { page, pageSize: PAGE_SIZE_MAX, approved: 'true' },
      signal,
    });
    all.push(...list.data);
    if (all.length >= list.count || list.data.length === 0) break;
  }
  return all.sort((a, b) => a.name.localeCompare(b.name));
}

const approvedAuthoritiesQueryOptions = () =>
  queryOptions({
    queryKey: grievanceKeys.approvedAuthorities(),
    queryFn: ({ signal }) => getApprovedAuthorities(signal),
  });

export const useApprovedAuthorities = () => useQuery(approvedAuthoritiesQueryOptions());
