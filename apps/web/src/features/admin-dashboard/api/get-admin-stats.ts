import type { TAdminStats } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminDashboardKeys } from './keys';

const getAdminStats = () => api.get<TAdminStats>('/complaints/admin/stats');

const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminDashboardKeys.stats(), queryFn: getAdminStats });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
