import { DEFAULT_STUDENT_EMAIL_DOMAIN, type TPublicConfig } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DEFAULT_TIME_ZONE } from '../../../lib/dates';
import { authKeys } from './keys';

const getPublicConfig = () => api.get<TPublicConfig>('/config');

const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.config(),
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * GET /api/config: the student email domain, the authority approval mode, the server's TIME_ZONE and
 * ADMIN_2FA (each the contract's default until loaded).
 */
export function usePublicConfig() {
  const query = useQuery(publicConfigQueryOptions());
  return {
    studentEmailDomain: query.data?.studentEmailDomain ?? DEFAULT_STUDENT_EMAIL_DOMAIN,
    authorityApproval: query.data?.authorityApproval ?? 'admin',
    timeZone: query.data?.timeZone ?? DEFAULT_TIME_ZONE,
    admin2fa: query.data?.admin2fa ?? 'optional',
  };
}
