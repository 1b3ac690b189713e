import type { TMessageResponse, TResetPasswordRequest } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: TResetPasswordRequest) =>
  api.post<TMessageResponse>('/auth/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
