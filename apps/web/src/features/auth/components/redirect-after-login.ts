import type { TRole } from '@bit/contract';
import { type Location, useLocation, useNavigate } from 'react-router';
import { dashboardPath } from '../../../config/paths';

/**
 * After sign-in: the location a protected screen kept in navigation state when the role may open it,
 * else the role's dashboard (a visitor sent away from an authority's screen who signs in as a student
 * lands on the student's dashboard, not on a screen that would only send them home).
 */
export function useRedirectAfterLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return (role: TRole) => {
    const kept = (location.state as { from?: Location & { roles?: readonly TRole[] } } | null)?.from;
    const from = kept && (!kept.roles || kept.roles.includes(role)) ? kept : undefined;
    const target = from?.pathname
      ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
      : dashboardPath[role];
    navigate(target, { replace: true });
  };
}
