import type { TMessageResponse, TUser } from '@bit/contract';
import { api } from '../../../lib/api-client';

// Kept apart from auth-api.ts: the session is in the entry bundle, the forms (and their schemas) are not.
export const checkAuthRequest = () => api.get<{ user: TUser }>('/auth/check-auth');

export const logoutRequest = () => api.post<TMessageResponse>('/auth/logout');
