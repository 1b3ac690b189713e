import type { TIncidentGroup } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { incidentKeys } from './keys';

const getIncidentGroups = (signal?: AbortSignal) =>
  api.get<{ data: TIncidentGroup[] }>('/incidents/groups', { signal });

export const incidentGroupsQueryOptions = () =>
  queryOptions({
    queryKey: incidentKeys.groups(),
    queryFn: ({ signal }) => getIncidentGroups(signal),
    select: (answer) => answer.data,
  });

/** What looks like one problem, in the authority's scope (CONTRACT 6.1). */
export const useIncidentGroups = (enabled = true) => useQuery({ ...incidentGroupsQueryOptions(), enabled });
