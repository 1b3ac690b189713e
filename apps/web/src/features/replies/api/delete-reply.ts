import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replyKeys, type TReplyList } from './keys';

const deleteReply = (list: TReplyList, id: number) =>
  api.delete<{ message: string }>(`/${list}/replies/${id}`);

/** DELETE one of the list's replies. */
export function useDeleteReply(list: TReplyList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReply(list, id),
    onSuccess: () => client.invalidateQueries({ queryKey: replyKeys.all }),
  });
}
