import {
  DEFAULT_STUDENT_EMAIL_DOMAIN,
  type TAuthoritySignupRequest,
  type TAuthResponse,
  type TForgotPasswordRequest,
  type TMessageResponse,
  type TPublicConfig,
  type TResetPasswordRequest,
  type TRole,
  type TStudentSignupRequest,
  type TVerifyEmailResponse,
} from '@bit/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TLoginBody = { email: string; password: string; remember?: boolean };
/** Roles that sign up and verify an email address themselves. */
export type TSignupRole = Extract<TRole, 'student' | 'authority'>;

export const loginRequest = (role: TRole, body: TLoginBody) =>
  api.post<TAuthResponse>(`/auth/${role}-login`, body);

export const studentSignupRequest = (body: TStudentSignupRequest) =>
  api.post<TMessageResponse>('/auth/student-signup', body);

export const authoritySignupRequest = (body: TAuthoritySignupRequest) =>
  api.post<TMessageResponse>('/auth/authority-signup', body);

export const verifyEmailRequest = (role: TSignupRole, body: { email: string; otp: string }) =>
  api.post<TVerifyEmailResponse>(
    role === 'authority' ? '/auth/verify-authority-email' : '/auth/verify-email',
    body,
  );

export const resendOtpRequest = (role: TSignupRole, email: string) =>
  api.post<TMessageResponse>(role === 'authority' ? '/auth/resend-authority-otp' : '/auth/resend-otp', {
    email,
  });

export const forgotPasswordRequest = (body: TForgotPasswordRequest) =>
  api.post<TMessageResponse>('/auth/forgot-password', body);

export const resetPasswordRequest = (body: TResetPasswordRequest) =>
  api.post<TMessageResponse>('/auth/reset-password', body);

/** GET /api/config: the student email domain (default until loaded) and the authority approval mode. */
export function usePublicConfig() {
  const query = useQuery({
    queryKey: ['public-config'],
    queryFn: () => api.get<TPublicConfig>('/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    studentEmailDomain: query.data?.studentEmailDomain ?? DEFAULT_STUDENT_EMAIL_DOMAIN,
    authorityApproval: query.data?.authorityApproval ?? 'admin',
  };
}
