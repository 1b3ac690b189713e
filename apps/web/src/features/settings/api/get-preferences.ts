import type { TPreferences } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './keys';

const getPreferences = (signal?: AbortSignal) =>
  api.get<{ data: TPreferences }>('/me/preferences', { signal }).then((r) => r.data);

const preferencesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.preferences(), queryFn: ({ signal }) => getPreferences(signal) });

/** The signed-in user's preferences: channels (every role), new complaints (authorities). */
export const usePreferences = () => useQuery(preferencesQueryOptions());
