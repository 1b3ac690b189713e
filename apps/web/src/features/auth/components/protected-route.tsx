import { MSG_SHELL, type TRole } from '@bit/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAuth } from './auth-provider';

/**
 * Guards a screen (children) or a group of routes (as a layout route, rendering the <Outlet />).
 * Loading... while the session is checked; anonymous visitors go to / with the requested location kept
 * in navigation state ({ from }), where they read why (sign-in-reason.tsx); a signed-in user of another
 * role goes to /. When the check got no answer (network, proxy) the screen says so with a Retry button:
 * a signed-in student on a bad connection is not shown the public pages as if logged out.
 */
export function ProtectedRoute({ roles, children }: { roles?: readonly TRole[]; children?: ReactNode }) {
  const { user, status, retry } = useAuth();
  const location = useLocation();

  if (status === 'loading') {
    return (
      <p role="status" className="px-4 py-10 text-center text-slate-600">
        {MSG_SHELL.loading}
      </p>
    );
  }
  if (status === 'unreachable') return <SessionUnreachable retry={retry} />;
  // the kept location says who may open it: signing in as another role lands on that role's dashboard
  if (!user) return <Navigate to={paths.home} replace state={{ from: { ...location, roles } }} />;
  if (roles && !roles.includes(user.role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}

export const UNREACHABLE_TEXT = 'We could not reach the server. Check your connection and try again.';
export const OFFLINE_TEXT = 'You are offline. Connect to the internet and try again.';

/** The session check got no answer: say so, and offer to check again. */
export function SessionUnreachable({ retry }: { retry: () => void }) {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <p role="alert" className="text-slate-700">
        {offline ? OFFLINE_TEXT : UNREACHABLE_TEXT}
      </p>
      <Button className="mt-4" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}
