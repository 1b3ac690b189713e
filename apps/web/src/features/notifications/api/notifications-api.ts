import type { TNotification, TNotificationPage } from '@bit/contract';
import { api } from '../../../lib/api-client';

export const NOTICE_PAGE_SIZE = 10;
export const noticesKey = ['notifications'] as const;

/** Every notice, whatever its target (the admin and authority list). */
export function getAllNotices(page: number) {
  return api.get<TNotificationPage>('/notifications', { query: { page, pageSize: NOTICE_PAGE_SIZE } });
}

/** The notices for one audience: 'all', or a hostel number (its own plus the whole-college ones). */
export function getNoticesFor(target: string, page: number) {
  return api.get<TNotificationPage>(`/notifications/${encodeURIComponent(target)}`, {
    query: { page, pageSize: NOTICE_PAGE_SIZE },
  });
}

export function postNotice(form: FormData) {
  return api.post<{ message: string; data: TNotification }>('/notifications', form);
}

export function deleteNotice(id: number) {
  return api.delete<{ message: string }>(`/notifications/${id}`);
}
