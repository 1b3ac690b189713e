import type { TSavedRepliesResponse } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replyKeys, type TReplyList } from './keys';

const getReplies = (list: TReplyList, signal?: AbortSignal) =>
  api.get<TSavedRepliesResponse>(`/${list}/replies`, { signal });

export const repliesQueryOptions = (list: TReplyList) =>
  queryOptions({
    queryKey: replyKeys.list(list),
    queryFn: ({ signal }) => getReplies(list, signal),
    select: (answer) => answer.data,
    // a list changes when its owner changes it: read again after a minute at most
    staleTime: 60_000,
  });

/** The replies of a list: an authority's own then the shared ones, or (admin) the shared ones. */
export const useReplies = (list: TReplyList, enabled = true) =>
  useQuery({ ...repliesQueryOptions(list), enabled });
