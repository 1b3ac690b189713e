import type { TRole } from '@bit/contract';
import { type Location, useLocation, useNavigate } from 'react-router';
import { dashboardPath } from '../../../config/paths';

/** After sign-in: the location a protected screen kept in navigation state, else the role's dashboard. */
export function useRedirectAfterLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return (role: TRole) => {
    const from = (location.state as { from?: Location } | null)?.from;
    const target = from?.pathname
      ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
      : dashboardPath[role];
    navigate(target, { replace: true });
  };
}
