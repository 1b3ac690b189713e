import type { TUser } from '@bit/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isNoAnswer, saveCopy, savedCopy } from '../lib/saved-copies';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOffline = () => navigator.onLine === false;

/**
 * What a screen of the student's own data shows (lib/saved-copies.ts): the query's answer, kept as the
 * copy called `name` whenever one comes from the server; and, while the server cannot be reached
 * (offline, or no answer), what was last read: the answer still in memory, else the kept copy.
 * `asOf` is then when it was read, and the screen shows it read only; null while the data is live.
 */
export function useSavedCopy<T>(
  user: TUser,
  name: string,
  query: UseQueryResult<T>,
): { data: T | undefined; asOf: number | null } {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  const { data, isSuccess, isPlaceholderData, dataUpdatedAt, fetchStatus, isError, error } = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is a new dataUpdatedAt
  useEffect(() => {
    if (isSuccess && !isPlaceholderData && data !== undefined) saveCopy(user, name, data);
  }, [user, name, dataUpdatedAt, isSuccess, isPlaceholderData]);

  const unreachable = offline || fetchStatus === 'paused' || (isError && isNoAnswer(error));
  if (!unreachable) return { data, asOf: null };
  if (data !== undefined && !isPlaceholderData) return { data, asOf: dataUpdatedAt };
  const copy = savedCopy<T>(name);
  return copy ? { data: copy.data, asOf: copy.at } : { data, asOf: null };
}
