import type { TAuthResponse, TTwoFactorLoginRequest } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * CONTRACT 6.5: the login's second step, the ticket of a correct password and a code from the app (or
 * a recovery code). A wrong code is a 400 naming `code`; an expired or burnt ticket a 401.
 */
const twoFactorLogin = (body: TTwoFactorLoginRequest) => api.post<TAuthResponse>('/auth/two-factor', body);

export const useTwoFactorLogin = () => useMutation({ mutationFn: twoFactorLogin });
