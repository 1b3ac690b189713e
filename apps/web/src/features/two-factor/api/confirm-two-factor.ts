import type { TRecoveryCodesResponse, TTwoFactorCodeRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { twoFactorKeys } from './keys';

/** A code from the new secret turns two-step sign-in on; the answer holds the 10 recovery codes, once. */
const confirmTwoFactor = (body: TTwoFactorCodeRequest) =>
  api.post<TRecoveryCodesResponse>('/me/two-factor/confirm', body);

export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
