import type { TForgotPasswordRequest, TMessageResponse } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const forgotPassword = (body: TForgotPasswordRequest) =>
  api.post<TMessageResponse>('/auth/forgot-password', body);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
