import type { TAuthorityList, TUser } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorityKeys } from './keys';

/** CONTRACT 6.7: an admin turns off an authority's two-step sign-in (a lost phone, lost recovery codes). */
const resetTwoFactor = (user: TUser) => api.delete<{ message: string }>(`/admin/users/${user.id}/two-factor`);

/** The row is marked off where it stands in the pages read, as an approval is (set-approval.ts). */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: (_answer, user) => {
      client.setQueriesData<TAuthorityList>({ queryKey: authorityKeys.all }, (page) =>
        page
          ? { ...page, data: page.data.map((u) => (u.id === user.id ? { ...u, twoFactor: false } : u)) }
          : page,
      );
    },
  });
}
