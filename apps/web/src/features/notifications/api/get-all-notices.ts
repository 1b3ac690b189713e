import { NOTICE_PAGE_SIZE, type TNotificationPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { noticeKeys } from './keys';

/**
 * Every notice, whatever its target (the admin and authority list). `before`: the last id of the
 * page before, when known (keyset paging, hooks/use-page-cursors.ts).
 */
const getAllNotices = (page: number, before?: number) =>
  api.get<TNotificationPage>('/notifications', { query: { page, pageSize: NOTICE_PAGE_SIZE, before } });

const allNoticesQueryOptions = (page: number, before?: number) =>
  queryOptions({
    queryKey: noticeKeys.every(page, before),
    queryFn: () => getAllNotices(page, before),
    placeholderData: keepPreviousData,
  });

export const useAllNotices = (page: number, before?: number) =>
  useQuery(allNoticesQueryOptions(page, before));
