import type { TIncident, TUpdateIncidentRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMPLAINT_KEYS_ALL, incidentKeys } from './keys';

const updateIncident = ({ id, body }: { id: number; body: TUpdateIncidentRequest }) =>
  api.put<{ message: string; data: TIncident }>(`/incidents/${id}`, body);

/** One update for all: the incident and every linked open complaint (CONTRACT 6.1). */
export function useUpdateIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateIncident,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: incidentKeys.all }),
        client.invalidateQueries({ queryKey: COMPLAINT_KEYS_ALL }),
      ]);
    },
  });
}
