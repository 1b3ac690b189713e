import type { TIncidentWithComplaints } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys } from './keys';

const getIncident = (id: number, signal?: AbortSignal) =>
  api.get<{ data: TIncidentWithComplaints }>(`/incidents/${id}`, { signal });

export const incidentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => getIncident(id, signal),
    select: (answer) => answer.data,
  });

/** One incident with its first 100 complaints. */
export const useIncident = (id: number) => useQuery(incidentQueryOptions(id));
