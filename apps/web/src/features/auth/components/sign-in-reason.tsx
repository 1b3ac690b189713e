import { COMPLAINT_STATUS_PATH } from '@bit/contract';
import { useLocation } from 'react-router';
import { useAuth } from './auth-provider';

export const VIEW_COMPLAINT_REASON = 'Log in to view this complaint';
export const CONTINUE_REASON = 'Log in to continue';

/**
 * Why a visitor is here: a protected screen (a complaint's page opened from a mail, a dashboard) sent
 * them with the requested location in navigation state ({ from }); they land on / (SPEC's access rule)
 * and carry it on to a login screen. Nothing for anyone else, or once signed in.
 */
export function SignInReason({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const from = (useLocation().state as { from?: { pathname?: string } } | null)?.from;
  if (user || !from?.pathname) return null;
  return (
    <p role="status" className={`rounded-lg px-4 py-3 font-semibold ${className}`}>
      {from.pathname === COMPLAINT_STATUS_PATH ? VIEW_COMPLAINT_REASON : CONTINUE_REASON}
    </p>
  );
}
