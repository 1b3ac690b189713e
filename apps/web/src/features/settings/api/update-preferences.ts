import type { TPreferences, TPreferencesRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** Sends only what changes: the other preferences stay as the server holds them. */
const updatePreferences = (body: TPreferencesRequest) =>
  api.put<{ data: TPreferences }>('/me/preferences', body).then((r) => r.data);

/** Saves the preferences; the answer is what the server now holds, so it becomes the cached read. */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => client.setQueryData(settingsKeys.preferences(), saved),
  });
}
