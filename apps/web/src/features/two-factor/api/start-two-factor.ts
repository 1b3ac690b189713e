import type { TTwoFactorSetupResponse } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A new secret, its otpauth URL and QR code; nothing is on until a code from it is confirmed. */
const startTwoFactor = () => api.post<TTwoFactorSetupResponse>('/me/two-factor');

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
