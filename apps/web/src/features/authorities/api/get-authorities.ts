import type { TUser } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorityKeys } from './keys';

const getAuthorities = () => api.get<{ count: number; data: TUser[] }>('/admin/authorities');

const authoritiesQueryOptions = () =>
  queryOptions({ queryKey: authorityKeys.list(), queryFn: getAuthorities });

export const useAuthorities = () => useQuery(authoritiesQueryOptions());
