import type { TComplaintWithHistory, TMessage, TPostMessageRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complaintKeys } from './keys';

const postMessage = ({ id, body }: { id: number; body: TPostMessageRequest }) =>
  api.post<{ message: string; data: TMessage }>(`/complaints/${id}/messages`, body);

/**
 * Writes on the complaint shown under `token`: the message joins its timeline at once, and the
 * complaint is read again (a refusal too: a 409 means it has closed since it was read).
 */
export function usePostMessage(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMessage,
    onSuccess: ({ data }) =>
      client.setQueryData<TComplaintWithHistory>(complaintKeys.detail(token), (c) =>
        c ? { ...c, messages: [...c.messages, data] } : c,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: complaintKeys.detail(token) }),
  });
}
