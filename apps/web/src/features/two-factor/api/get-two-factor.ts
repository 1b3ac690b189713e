import type { TTwoFactorStatus } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { twoFactorKeys } from './keys';

const getTwoFactor = (signal?: AbortSignal) =>
  api.get<TTwoFactorStatus>('/me/two-factor', { signal }).then((r) => r.data);

const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => getTwoFactor(signal) });

/** CONTRACT 6.5: whether the signed-in admin's or authority's two-step sign-in is on, and may go off. */
export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
