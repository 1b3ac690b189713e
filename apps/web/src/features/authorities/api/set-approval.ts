import type { TAuthorityList, TUser } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorityKeys } from './keys';

/** `user`: the whole row, so that the screen can name who was approved. */
export const setApproval = ({ user, approved }: { user: TUser; approved: boolean }) =>
  api.put<{ data: TUser }>(`/admin/authorities/${user.id}`, { approved });

/**
 * Approves an authority or withdraws the approval. The changed row is written into the pages already
 * read, where it stands: reading the list again would re-sort it (those awaiting approval first)
 * under the admin's pointer, and the next click would land on another authority (issue 33 row 8).
 * Only the count of those awaiting approval is read again.
 */
export function useSetApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setApproval,
    onSuccess: ({ data: changed }) => {
      client.setQueriesData<TAuthorityList>({ queryKey: authorityKeys.all }, (page) =>
        page ? { ...page, data: page.data.map((u) => (u.id === changed.id ? changed : u)) } : page,
      );
      void client.invalidateQueries({
        queryKey: authorityKeys.list({ page: 1, approved: false }),
        exact: true,
      });
    },
  });
}
