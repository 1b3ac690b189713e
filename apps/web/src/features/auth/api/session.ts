import { SESSION_REQUEST, type TMessageResponse, type TUser } from '@bit/contract';
import { api, mayHaveSession, pageAnswer } from '../../../lib/api-client';

// The session is AuthProvider's state, not a cached query: the cache is emptied on every sign-in and
// logout, and must not take the session with it. Kept apart from the forms' calls, as it is in the
// entry bundle and they are not.

/**
 * Offline (no answer at all), a student whose own reads this browser kept for the stored token is
 * signed in as kept (lib/saved-copies.ts, issue 33): their dashboard and the complaints they saw open
 * read only, marked as of when. The first request that reaches the server again applies the 401 rule
 * as always. Without such a copy the check fails as before (`unreachable`).
 */
const askServer = () =>
  api.get<{ user: TUser }>(SESSION_REQUEST).catch(async (error: unknown) => {
    const kept = await import('../../../lib/saved-copies').catch(() => null);
    const user = kept?.isNoAnswer(error) ? kept.savedUser() : null;
    if (!user) throw error;
    return { user };
  });

// Sent as the entry loads when a token is stored, not when AuthProvider first renders: the wait for
// the stylesheet and React's first render then overlap its round trip, which every signed-in screen
// waits for (a few hundred milliseconds on a phone's slow data). The first check takes this answer;
// every later one asks again. Handled here so a failure nobody took yet is no unhandled rejection.
let early: Promise<{ user: TUser }> | null = null;

/**
 * The signed-in user a page loaded with the session cookie carries: the page's answer to check-auth
 * (lib/api-client.ts, pageAnswer), taken as the entry loads, so the app starts signed in with it and
 * asks nothing. Only while a token is stored, which is what signs the app in (a logout drops both).
 */
function userOfPage(): TUser | null {
  const user = pageAnswer<{ user?: TUser }>(SESSION_REQUEST)?.user;
  return user && typeof user.id === 'number' && typeof user.role === 'string' ? user : null;
}

export const userAtStart = userOfPage();
if (mayHaveSession() && !userAtStart) {
  early = askServer();
  early.catch(() => undefined);
}

export const checkAuth = () => {
  const answer = early ?? askServer();
  early = null;
  return answer;
};

export const logout = () => api.post<TMessageResponse>('/auth/logout');
