import type { TPublicCommittees } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pageAnswer } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

/** CONTRACT 7.2: the committees and their members' names and designations (anyone may read them). */
const getCommittees = (signal?: AbortSignal) => api.get<TPublicCommittees>('/committees', { signal });

const committeesQueryOptions = () =>
  queryOptions({ queryKey: grievanceKeys.committees(), queryFn: ({ signal }) => getCommittees(signal) });

/**
 * The committees; on the admin dashboard, loaded with the session cookie, answered on the first render
 * from the page's first data (contract FIRST_REQUESTS, lib/api-client.ts), so the warning above the
 * counts is drawn with the page, not a moment later above them (the page would move: CLS).
 */
export const useCommittees = () =>
  useQuery({ ...committeesQueryOptions(), initialData: () => pageAnswer<TPublicCommittees>('/committees') });
