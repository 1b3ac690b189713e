import type { TGrievanceMessage, TGrievanceMessageRequest, TGrievanceWithHistory } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { grievanceKeys } from './keys';

const postGrievanceMessage = ({ id, body }: { id: number; body: TGrievanceMessageRequest }) =>
  api.post<{ message: string; data: TGrievanceMessage }>(`/grievances/${id}/messages`, body);

/**
 * Writes on a grievance (CONTRACT 7.2, as 5.2): the message joins the page at once, and the grievance
 * is read again (a refusal too: a 409 means it has closed for messages since it was read).
 */
export function usePostGrievanceMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postGrievanceMessage,
    onSuccess: ({ data }) =>
      client.setQueryData<TGrievanceWithHistory>(grievanceKeys.detail(id), (g) =>
        g ? { ...g, messages: [...g.messages, data] } : g,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: grievanceKeys.detail(id) }),
  });
}
