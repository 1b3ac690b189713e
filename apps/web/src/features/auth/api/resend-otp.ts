import type { TMessageResponse } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TSignupRole } from './verify-email';

const resendOtp = ({ role, email }: { role: TSignupRole; email: string }) =>
  api.post<TMessageResponse>(role === 'authority' ? '/auth/resend-authority-otp' : '/auth/resend-otp', {
    email,
  });

export const useResendOtp = () => useMutation({ mutationFn: resendOtp });
