import type { TAuthorityList } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorityKeys } from './keys';

export const AUTHORITIES_PAGE_SIZE = 20;

type Query = { page: number; approved?: boolean };

const getAuthorities = ({ page, approved }: Query, signal?: AbortSignal) =>
  api.get<TAuthorityList>(
    `/admin/authorities?page=${page}&pageSize=${approved === undefined ? AUTHORITIES_PAGE_SIZE : 1}${
      approved === undefined ? '' : `&approved=${approved}`
    }`,
    { signal },
  );

const authoritiesQueryOptions = (q: Query) =>
  queryOptions({
    queryKey: authorityKeys.list(q),
    queryFn: ({ signal }) => getAuthorities(q, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the authorities, those awaiting approval first. */
export const useAuthorities = (page: number) => useQuery(authoritiesQueryOptions({ page }));

/** How many wait for approval, over every page (a one-item page's count). */
export const useAwaitingCount = () => useQuery(authoritiesQueryOptions({ page: 1, approved: false }));
