import type { TMessageResponse, TUser } from '@bit/contract';
import { api } from '../../../lib/api-client';

// The session is AuthProvider's state, not a cached query: the cache is emptied on every sign-in and
// logout, and must not take the session with it. Kept apart from the forms' calls, as it is in the
// entry bundle and they are not.

export const checkAuth = () => api.get<{ user: TUser }>('/auth/check-auth');

export const logout = () => api.post<TMessageResponse>('/auth/logout');
