import { MSG, type TRole, type TUser } from '@bit/contract';
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
import { clearStoredToken, storeToken } from '../../../lib/api-client';
import { checkAuthRequest, logoutRequest } from '../api/session-api';

export type TSessionStatus = 'loading' | 'anonymous' | 'signed-in';

export type TAuthContext = {
  user: TUser | null;
  status: TSessionStatus;
  /** Stores the token and sets the user; the role comes from the login type. */
  signIn: (token: string, user: TUser, role: TRole) => TUser;
  /** Calls the server, drops the token, clears the user and toasts; never throws. */
  logout: () => Promise<void>;
};

const AuthContext = createContext<TAuthContext | null>(null);

/** SPEC §3: role from the login type; a Network Department authority has department Network, no hostel. */
export function toSessionUser(user: TUser, role: TRole = user.role): TUser {
  const sessionUser = { ...user, role };
  if (sessionUser.designation === 'Network Department') {
    return { ...sessionUser, department: 'Network', hostelNo: null };
  }
  return { ...sessionUser, department: user.department ?? null, hostelNo: user.hostelNo ?? null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TUser | null>(null);
  const [status, setStatus] = useState<TSessionStatus>('loading');
  // bumps on every sign-in and logout, so a slow session check cannot undo them
  const version = useRef(0);

  // Checked on start and whenever the user is empty; a failed check leaves the visitor anonymous.
  useEffect(() => {
    if (user) return;
    const started = version.current;
    let cancelled = false;
    checkAuthRequest()
      .then(({ user: current }) => {
        if (cancelled || started !== version.current) return;
        setUser(toSessionUser(current));
        setStatus('signed-in');
      })
      .catch(() => {
        if (cancelled || started !== version.current) return;
        setStatus('anonymous');
      });
    return () => {
      cancelled = true;
    };
  }, [user]);

  const signIn = useCallback((token: string, next: TUser, role: TRole) => {
    version.current += 1;
    storeToken(token);
    const sessionUser = toSessionUser(next, role);
    setUser(sessionUser);
    setStatus('signed-in');
    return sessionUser;
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      console.error('Logout failed', error);
    }
    version.current += 1;
    clearStoredToken();
    setUser(null);
    setStatus('anonymous');
    // react-toastify is loaded on demand to keep it out of the entry chunk
    const { toast } = await import('react-toastify');
    toast.success(MSG.loggedOut);
  }, []);

  const value = useMemo(() => ({ user, status, signIn, logout }), [user, status, signIn, logout]);
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
