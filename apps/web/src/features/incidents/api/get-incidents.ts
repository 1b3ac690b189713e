import { PAGE_SIZE_DEFAULT, type TIncidentPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys, type TIncidentListFilter } from './keys';

const getIncidents = (filter: TIncidentListFilter, signal?: AbortSignal) =>
  api.get<TIncidentPage>('/incidents', {
    query: { page: filter.page, pageSize: PAGE_SIZE_DEFAULT, status: filter.status || undefined },
    signal,
  });

export const incidentsQueryOptions = (filter: TIncidentListFilter) =>
  queryOptions({
    queryKey: incidentKeys.list(filter),
    queryFn: ({ signal }) => getIncidents(filter, signal),
    placeholderData: keepPreviousData,
  });

/** The incidents in the caller's scope, newest first. */
export const useIncidents = (filter: TIncidentListFilter) => useQuery(incidentsQueryOptions(filter));
