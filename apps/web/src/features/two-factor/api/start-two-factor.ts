import type { TTwoFactorSetupResponse, TTwoFactorStartRequest } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * With the current password (CONTRACT 6.7): a new secret, its otpauth URL and QR code; nothing is on
 * until a code from it is confirmed.
 */
const startTwoFactor = (body: TTwoFactorStartRequest) =>
  api.post<TTwoFactorSetupResponse>('/me/two-factor', body);

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
