import type { TSavedReplyResponse, TSaveReplyRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replyKeys, type TReplyList } from './keys';

const updateReply = (list: TReplyList, id: number, body: TSaveReplyRequest) =>
  api.put<TSavedReplyResponse>(`/${list}/replies/${id}`, body);

/** PUT one of the list's replies. */
export function useUpdateReply(list: TReplyList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TSaveReplyRequest }) => updateReply(list, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: replyKeys.all }),
  });
}
