import type { TTwoFactorOffRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { twoFactorKeys } from './keys';

/**
 * The password and a code from the app (or a recovery code) turn two-step sign-in off; refused for
 * admins under ADMIN_2FA=required.
 */
const turnOffTwoFactor = (body: TTwoFactorOffRequest) =>
  api.delete<{ message: string }>('/me/two-factor', { body });

export function useTurnOffTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: turnOffTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
