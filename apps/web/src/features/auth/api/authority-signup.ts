import type { TAuthoritySignupRequest, TMessageResponse } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const authoritySignup = (body: TAuthoritySignupRequest) =>
  api.post<TMessageResponse>('/auth/authority-signup', body);

export const useAuthoritySignup = () => useMutation({ mutationFn: authoritySignup });
