import type { TTwoFactorCodeRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { twoFactorKeys } from './keys';

/** A code from the app (or a recovery code) turns two-step sign-in off; refused for admins under ADMIN_2FA=required. */
const turnOffTwoFactor = (body: TTwoFactorCodeRequest) =>
  api.delete<{ message: string }>('/me/two-factor', { body });

export function useTurnOffTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: turnOffTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
