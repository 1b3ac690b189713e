import type { TAuthResponse, TLoginRequest, TRole } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const login = ({ role, body }: { role: TRole; body: TLoginRequest }) =>
  api.post<TAuthResponse>(`/auth/${role}-login`, body);

export const useLogin = () => useMutation({ mutationFn: login });
