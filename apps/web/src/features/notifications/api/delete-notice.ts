import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { noticeKeys } from './keys';

const deleteNotice = (id: number) => api.delete<{ message: string }>(`/notifications/${id}`);

export function useDeleteNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => void client.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
