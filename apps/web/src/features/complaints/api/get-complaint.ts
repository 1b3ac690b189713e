import type { TComplaintWithHistory } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

const getComplaint = (token: string, signal?: AbortSignal) =>
  api
    .get<{ data: TComplaintWithHistory }>(`/complaints/${encodeURIComponent(token)}`, { signal })
    .then((r) => r.data);

const complaintQueryOptions = (token: string) =>
  queryOptions({
    queryKey: complaintKeys.detail(token),
    queryFn: ({ signal }) => getComplaint(token, signal),
    // a search is always answered afresh: the status may have moved since
    staleTime: 0,
  });

/** No request until there is a token to search for. */
export const useComplaint = (token: string) =>
  useQuery({ ...complaintQueryOptions(token), enabled: token !== '' });
