import type { TRole, TVerifyEmailRequest, TVerifyEmailResponse } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Roles that sign up and verify an email address themselves. */
export type TSignupRole = Extract<TRole, 'student' | 'authority'>;

export const verifyEmail = ({ role, body }: { role: TSignupRole; body: TVerifyEmailRequest }) =>
  api.post<TVerifyEmailResponse>(
    role === 'authority' ? '/auth/verify-authority-email' : '/auth/verify-email',
    body,
  );

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
