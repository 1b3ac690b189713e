import type { TUser } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorityKeys } from './keys';

/** `user`: the whole row, so that the screen can name who was approved. */
export const setApproval = ({ user, approved }: { user: TUser; approved: boolean }) =>
  api.put<{ data: TUser }>(`/admin/authorities/${user.id}`, { approved });

/** Approves an authority or withdraws the approval; the list is read again. */
export function useSetApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setApproval,
    onSuccess: () => void client.invalidateQueries({ queryKey: authorityKeys.all }),
  });
}
