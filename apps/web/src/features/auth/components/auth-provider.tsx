import { accountPlace, MSG_SHELL, type TRole, type TUser } from '@bit/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  ApiError,
  clearStoredToken,
  leaveForHome,
  mayHaveSession,
  setUnauthorizedHandler,
  storeToken,
} from '../../../lib/api-client';
import { checkAuth, logout as logoutRequest, userAtStart } from '../api/session';

/**
 * `unreachable`: the check failed at the network (no answer, or the proxy's 502/503/504): the visitor
 * may well be signed in, and is neither shown the public pages as if logged out nor sent to them.
 */
type TSessionStatus = 'loading' | 'anonymous' | 'signed-in' | 'unreachable';

type TAuthContext = {
  user: TUser | null;
  status: TSessionStatus;
  /** Empties the query cache, stores the token and sets the user; the role comes from the login type. */
  signIn: (token: string, user: TUser, role: TRole) => TUser;
  /** Calls the server, drops the token, empties the query cache, clears the user and toasts; never throws. */
  logout: () => Promise<void>;
  /** Checks the session again, after it was `unreachable`. */
  retry: () => void;
  /** The signed-in user as the server now answers it (after the profile is saved); keeps the role. */
  updateUser: (user: TUser) => void;
};

const AuthContext = createContext<TAuthContext | null>(null);

/** SPEC §3: role from the login type; department and hostel as the contract places the designation. */
function toSessionUser(user: TUser, role: TRole = user.role): TUser {
  const place = { department: user.department ?? null, hostelNo: user.hostelNo ?? null };
  return { ...user, role, ...accountPlace(user.designation, place) };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // the page may carry the signed-in user (api/session.ts): no check to wait for; never once the
  // token is gone (a logout), should the provider mount again
  const [user, setUser] = useState<TUser | null>(() =>
    userAtStart && mayHaveSession() ? toSessionUser(userAtStart) : null,
  );
  // a visitor with no stored token has no session to check (lib/api-client.ts, mayHaveSession)
  const [status, setStatus] = useState<TSessionStatus>(() =>
    !mayHaveSession() ? 'anonymous' : userAtStart ? 'signed-in' : 'loading',
  );
  // bumps on every Retry, to run the check again
  const [attempt, setAttempt] = useState(0);
  // bumps on every sign-in and logout, so a slow session check cannot undo them
  const version = useRef(0);

  // Checked on start, whenever the user is empty and on Retry, only when a token is stored: without one
  // the answer is known (401). A 401 leaves the visitor anonymous; no answer at all (the network, the
  // proxy) leaves them `unreachable`, to try again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what Retry changes to run it again
  useEffect(() => {
    if (user) return;
    if (!mayHaveSession()) {
      setStatus('anonymous');
      return;
    }
    const started = version.current;
    let cancelled = false;
    setStatus('loading');
    checkAuth()
      .then(({ user: current }) => {
        if (cancelled || started !== version.current) return;
        setUser(toSessionUser(current));
        setStatus('signed-in');
      })
      .catch((error: unknown) => {
        if (cancelled || started !== version.current) return;
        const unreachable = !(error instanceof ApiError) || error.status >= 502;
        setStatus(unreachable ? 'unreachable' : 'anonymous');
      });
    return () => {
      cancelled = true;
    };
  }, [user, attempt]);

  // An authority awaiting approval learns of it without a reload: the session is checked again each time
  // the tab comes back into view (the admin approves in another window, on another day), and once approved
  // the dashboard and the lists start asking for complaints.
  useEffect(() => {
    if (user?.role !== 'authority' || user.approved) return;
    const started = version.current;
    const recheck = () => {
      if (document.visibilityState !== 'visible') return;
      checkAuth()
        .then(({ user: current }) => {
          if (started !== version.current || !current.approved) return;
          setUser((prev) => (prev ? toSessionUser(current, prev.role) : prev));
        })
        // no answer now: the next time the tab is shown asks again
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [user]);

  // CONTRACT 6.7: a signed-in session takes over this browser's push subscription, if it has one; the
  // chunk loads only where alerts were ever allowed (never on a first visit, nor for Lighthouse's phone)
  useEffect(() => {
    if (status === 'signed-in' && globalThis.Notification?.permission === 'granted')
      import('../../../lib/push-session').then((m) => m.resendPushSubscription()).catch(() => undefined);
  }, [status]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const updateUser = useCallback(
    (next: TUser) => setUser((current) => (current ? toSessionUser(next, current.role) : current)),
    [],
  );

  // A college lab computer is shared: whatever the cache holds was read for the visitor before, and not
  // one list of it may reach the next. Queries only: a running login lives in the mutation cache.
  const forgetServerState = useCallback(() => queryClient.removeQueries(), [queryClient]);

  // A 401 means the session is gone (expired, revoked, logged out elsewhere): its data goes with it.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      forgetServerState();
      leaveForHome();
    });
    return () => setUnauthorizedHandler(leaveForHome);
  }, [forgetServerState]);

  const signIn = useCallback(
    (token: string, next: TUser, role: TRole) => {
      version.current += 1;
      forgetServerState();
      storeToken(token);
      const sessionUser = toSessionUser(next, role);
      setUser(sessionUser);
      setStatus('signed-in');
      return sessionUser;
    },
    [forgetServerState],
  );

  const logout = useCallback(async () => {
    // its code loads on the first logout, not with the app (the home page's budget, scripts/size-check.mjs);
    // a logout whose chunk cannot load (offline, a new deployment) goes on without it
    await import('../../../lib/push-session').then((m) => m.dropPushSubscription()).catch(() => undefined);
    try {
      await logoutRequest();
    } catch (error) {
      console.error('Logout failed', error);
    }
    version.current += 1;
    forgetServerState();
    clearStoredToken();
    setUser(null);
    setStatus('anonymous');
    // react-toastify is loaded on demand to keep it out of the entry chunk
    const { toast } = await import('react-toastify');
    toast.success(MSG_SHELL.loggedOut);
  }, [forgetServerState]);

  const value = useMemo(
    () => ({ user, status, signIn, logout, retry, updateUser }),
    [user, status, signIn, logout, retry, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthContext {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** The signed-in user, for screens behind <ProtectedRoute>. */
export function useSignedInUser(): TUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser must be used behind <ProtectedRoute>');
  return user;
}
