import type { TGrievanceResponse } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

const getGrievance = (id: number, signal?: AbortSignal) =>
  api.get<TGrievanceResponse>(`/grievances/${id}`, { signal }).then((r) => r.data);

const grievanceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: grievanceKeys.detail(id),
    queryFn: ({ signal }) => getGrievance(id, signal),
    // a grievance the viewer may not see is "not found" (404): asking again changes nothing
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** A grievance with its history and messages, oldest first (CONTRACT 7.2); read again when the tab comes back. */
export const useGrievance = (id: number) =>
  useQuery({ ...grievanceQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
