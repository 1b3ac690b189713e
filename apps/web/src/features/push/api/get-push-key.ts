import type { TPushKeyResponse } from '@bit/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pushKeys } from './keys';

/** CONTRACT 6.3: `GET /api/push/key`, the server's VAPID public key (base64url). */
const getPushKey = (signal?: AbortSignal) =>
  api.get<TPushKeyResponse>('/push/key', { signal }).then((r) => r.key);

/** Read when the user taps "Turn on", and kept: it changes only with the server's keys. */
export const pushKeyQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.key(),
    queryFn: ({ signal }) => getPushKey(signal),
    staleTime: Infinity,
  });
