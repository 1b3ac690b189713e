import { MSG, type TRole } from '@bit/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from './auth-provider';

/**
 * Guards a screen (children) or a group of routes (as a layout route, rendering the <Outlet />).
 * Loading... while the session is checked; anonymous visitors go to / with the requested location kept
 * in navigation state ({ from }); a signed-in user of another role goes to /.
 */
export function ProtectedRoute({ roles, children }: { roles?: readonly TRole[]; children?: ReactNode }) {
  const { user, status } = useAuth();
  const location = useLocation();

  if (status === 'loading') {
    return (
      <p role="status" className="px-4 py-10 text-center text-slate-600">
        {MSG.loading}
      </p>
    );
  }
  if (!user) return <Navigate to={paths.home} replace state={{ from: location }} />;
  if (roles && !roles.includes(user.role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
