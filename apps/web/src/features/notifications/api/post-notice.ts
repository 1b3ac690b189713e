import type { TNotification } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { noticeKeys } from './keys';

/** Multipart: title, message, hostel and an optional pdf. */
const postNotice = (form: FormData) =>
  api.post<{ message: string; data: TNotification }>('/notifications', form);

export function usePostNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postNotice,
    onSuccess: () => void client.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
