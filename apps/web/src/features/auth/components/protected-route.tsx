import { MSG_SHELL, type TRole } from '@bit/contract';
import type { ReactNode } from 'react';
import { type Location, Navigate, Outlet, useLocation } from 'react-router';
import { Button, LinkButton } from '../../../components/ui/button';
import { dashboardPath, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuth } from './auth-provider';

/**
 * A QR sticker's address (CONTRACT 6.4): the filing form with where the problem is. Only a student
 * files, so its signed-out visitor goes straight to Student Login (issue 51 row 4), not by way of /.
 */
const isStickerAddress = (location: Location) =>
  location.pathname === paths.fileComplaint && new URLSearchParams(location.search).has('type');

/**
 * Guards a screen (children) or a group of routes (as a layout route, rendering the <Outlet />).
 * Loading... while the session is checked; anonymous visitors go to / (from a sticker's address, to
 * Student Login) with the requested location kept in navigation state ({ from }), where they read why
 * (sign-in-reason.tsx); a signed-in user of another role is told the screen is not theirs, with the
 * way to their own dashboard (issue 51 row 5: not silently sent to the public home page). When the
 * check got no answer (network, proxy) the screen says so with a Retry button: a signed-in student on
 * a bad connection is not shown the public pages as if logged out.
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
  if (!user) {
    const to = isStickerAddress(location) ? paths.studentLogin : paths.home;
    return <Navigate to={to} replace state={{ from: { ...location, roles } }} />;
  }
  if (roles && !roles.includes(user.role)) return <NotForYourRole role={user.role} allowed={roles} />;
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

export const ONLY_STUDENTS_FILE = 'Only students file complaints';
export const NOT_AVAILABLE = 'This page is not available to you';

const SIGNED_IN_AS: Record<TRole, string> = {
  student: 'a student',
  authority: 'an authority',
  admin: 'an administrator',
};
const FOR_ROLES: Record<TRole, string> = {
  student: 'students',
  authority: 'authorities',
  admin: 'administrators',
};

/** A screen of another role: what it is for, who the user is signed in as, and the way to their own. */
export function NotForYourRole({ role, allowed }: { role: TRole; allowed: readonly TRole[] }) {
  const { pathname } = useLocation();
  const filing = pathname === paths.fileComplaint;
  const heading = filing ? ONLY_STUDENTS_FILE : NOT_AVAILABLE;
  useDocumentTitle(heading);
  const forWhom = allowed.map((r) => FOR_ROLES[r]).join(' and ');
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-brand-900">{heading}</h1>
      <p className="mt-3 text-slate-700">
        {filing
          ? `A complaint is filed by a student, from their own account. You are signed in as ${SIGNED_IN_AS[role]}.`
          : `This page is for ${forWhom}. You are signed in as ${SIGNED_IN_AS[role]}.`}
      </p>
      <LinkButton to={dashboardPath[role]} className="mt-6">
        Go to your dashboard
      </LinkButton>
    </section>
  );
}
