import type { TMessageResponse, TStudentSignupRequest } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const studentSignup = (body: TStudentSignupRequest) =>
  api.post<TMessageResponse>('/auth/student-signup', body);

export const useStudentSignup = () => useMutation({ mutationFn: studentSignup });
