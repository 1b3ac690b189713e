import type { TSavedReplyResponse, TSaveReplyRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replyKeys, type TReplyList } from './keys';

const addReply = (list: TReplyList, body: TSaveReplyRequest) =>
  api.post<TSavedReplyResponse>(`/${list}/replies`, body);

/** POST a reply; every list is read again (an admin's new shared reply shows in an authority's too). */
export function useAddReply(list: TReplyList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveReplyRequest) => addReply(list, body),
    onSuccess: () => client.invalidateQueries({ queryKey: replyKeys.all }),
  });
}
