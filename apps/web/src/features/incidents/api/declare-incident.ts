import type { TCreateIncidentRequest, TIncident } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMPLAINT_KEYS_ALL, incidentKeys } from './keys';

const declareIncident = (body: TCreateIncidentRequest) =>
  api.post<{ message: string; data: TIncident }>('/incidents', body);

/** Declares an incident with its complaints linked; the groups and the complaint lists are read again. */
export function useDeclareIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declareIncident,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: incidentKeys.all }),
        client.invalidateQueries({ queryKey: COMPLAINT_KEYS_ALL }),
      ]);
    },
  });
}
