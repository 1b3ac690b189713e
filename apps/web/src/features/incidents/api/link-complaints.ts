import type { TIncident } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMPLAINT_KEYS_ALL, incidentKeys } from './keys';

const linkComplaints = ({ id, complaintIds }: { id: number; complaintIds: number[] }) =>
  api.post<{ message: string; data: TIncident }>(`/incidents/${id}/complaints`, { complaintIds });

const unlinkComplaint = ({ id, complaintId }: { id: number; complaintId: number }) =>
  api.delete<{ message: string; data: TIncident }>(`/incidents/${id}/complaints/${complaintId}`);

/** Links or unlinks change the incident and the complaints' lists: both are read again. */
function useRefreshing<TVars>(mutationFn: (vars: TVars) => Promise<{ message: string; data: TIncident }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: incidentKeys.all }),
        client.invalidateQueries({ queryKey: COMPLAINT_KEYS_ALL }),
      ]);
    },
  });
}

/** Links more complaints to an incident (CONTRACT 6.1: a complaint is in at most one). */
export const useLinkComplaints = () => useRefreshing(linkComplaints);

/** Takes one complaint out of an incident. */
export const useUnlinkComplaint = () => useRefreshing(unlinkComplaint);
