import type { TFileComplaintResponse, TJoinIncidentRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMPLAINT_KEYS_ALL, incidentKeys } from './keys';

const joinIncident = ({ id, body }: { id: number; body: TJoinIncidentRequest }) =>
  api.post<TFileComplaintResponse>(`/incidents/${id}/join`, body);

/** "This is my problem too": a complaint of the student's own, linked to the incident. */
export function useJoinIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinIncident,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: incidentKeys.all }),
        client.invalidateQueries({ queryKey: COMPLAINT_KEYS_ALL }),
      ]);
    },
  });
}
