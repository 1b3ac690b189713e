import type { TOpenIncident } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys, type TOpenIncidentsFilter } from './keys';

const getOpenIncidents = (filter: TOpenIncidentsFilter, signal?: AbortSignal) =>
  api.get<{ data: TOpenIncident[] }>('/incidents/open', {
    query: { type: filter.type, hostelNo: filter.hostelNo, subType: filter.subType },
    signal,
  });

export const openIncidentsQueryOptions = (filter: TOpenIncidentsFilter) =>
  queryOptions({
    queryKey: incidentKeys.open(filter),
    queryFn: ({ signal }) => getOpenIncidents(filter, signal),
    select: (answer) => answer.data,
  });

/** The open incidents matching a filing (CONTRACT 6.1); `enabled` false until there is a choice. */
export const useOpenIncidents = (filter: TOpenIncidentsFilter, enabled = true) =>
  useQuery({ ...openIncidentsQueryOptions(filter), enabled });
