import type { TNotification, TNotificationPage } from '@bit/contract';
import { api } from '../../../lib/api-client';

export const NOTICE_PAGE_SIZE = 10;
export const noticesKey = ['notifications'] as const;

/**
 * Every notice, whatever its target (the admin and authority list). `before`: the last id of the
 * page before, when known (keyset paging, hooks/use-page-cursors.ts).
 */
export function getAllNotices(page: number, before?: number) {
  return api.get<TNotificationPage>('/notifications', {
    query: { page, pageSize: NOTICE_PAGE_SIZE, before },
  });
}

/** The notices for one audience: 'all', or a hostel number (its own plus the whole-college ones). */
export function getNoticesFor(target: string, page: number, before?: number) {
  return api.get<TNotificationPage>(`/notifications/${encodeURIComponent(target)}`, {
    query: { page, pageSize: NOTICE_PAGE_SIZE, before },
  });
}

export function postNotice(form: FormData) {
  return api.post<{ message: string; data: TNotification }>('/notifications', form);
}

export function deleteNotice(id: number) {
  return api.delete<{ message: string }>(`/notifications/${id}`);
}
