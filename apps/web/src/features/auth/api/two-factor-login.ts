import type { TTwoFactorLoginRequest, TTwoFactorLoginResponse } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * CONTRACT 6.5: the login's second step, the ticket of a correct password and a code from the app (or
 * a recovery code). A wrong code is a 400 naming `code`; an expired or burnt ticket a 401; an account
 * whose codes are locked a 429 (CONTRACT 6.7). After a recovery code, `recoveryCodesLeft`.
 */
const twoFactorLogin = (body: TTwoFactorLoginRequest) =>
  api.post<TTwoFactorLoginResponse>('/auth/two-factor', body);

export const useTwoFactorLogin = () => useMutation({ mutationFn: twoFactorLogin });
