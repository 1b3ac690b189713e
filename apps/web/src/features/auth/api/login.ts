import type { TLoginRequest, TLoginResponse, TRole } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Signed in (`{ token, user }`), or, with two-step sign-in on, a ticket for the code (CONTRACT 6.5). */
export const login = ({ role, body }: { role: TRole; body: TLoginRequest }) =>
  api.post<TLoginResponse>(`/auth/${role}-login`, body);

export const useLogin = () => useMutation({ mutationFn: login });
