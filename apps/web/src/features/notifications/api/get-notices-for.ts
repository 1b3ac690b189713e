import { NOTICE_PAGE_SIZE, type TNotificationPage } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { noticeKeys } from './keys';

/** The notices for one audience: 'all', or a hostel number (its own plus the whole-college ones). */
const getNoticesFor = (target: string, page: number, before?: number) =>
  api.get<TNotificationPage>(`/notifications/${encodeURIComponent(target)}`, {
    query: { page, pageSize: NOTICE_PAGE_SIZE, before },
  });

const noticesForQueryOptions = (target: string, page: number, before?: number) =>
  queryOptions({
    queryKey: noticeKeys.for(target, page, before),
    queryFn: () => getNoticesFor(target, page, before),
    placeholderData: keepPreviousData,
  });

export const useNoticesFor = (target: string, page: number, before?: number) =>
  useQuery(noticesForQueryOptions(target, page, before));
