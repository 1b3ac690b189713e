import { HOSTEL_DESIGNATIONS, type TDesignation, type TRole } from '@bit/contract';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { dashboardPath, paths } from '../../config/paths';
import { useAuth } from '../../features/auth/components/auth-provider';
import { useLogout } from '../../features/auth/components/use-logout';

type TNavItem = { to: string; label: string };

const LOGIN_PATHS = new Set<string>([paths.studentLogin, paths.authorityLogin, paths.adminLogin]);

/** The links for the visitor: logged out, or signed in with a role (SPEC §2). */
function navItems(role: TRole | null, designation: TDesignation | null = null): TNavItem[] {
  if (!role) {
    return [
      { to: paths.studentNotifications, label: 'Notifications' },
      { to: paths.team, label: 'About' },
      { to: paths.studentLogin, label: 'Student Login' },
      { to: paths.studentSignup, label: 'Student Signup' },
      { to: paths.authorityLogin, label: 'Authority Login' },
      { to: paths.authoritySignup, label: 'Authority Signup' },
      { to: paths.adminLogin, label: 'Admin' },
    ];
  }
  return [
    { to: role === 'student' ? paths.studentNotifications : paths.notifications, label: 'Notifications' },
    { to: paths.team, label: 'About' },
    { to: dashboardPath[role], label: 'Dashboard' },
    ...(role === 'student'
      ? [
          { to: paths.fileComplaint, label: 'File Complaint' },
          { to: paths.complaintStatus, label: 'Complaint Status' },
          { to: paths.feedback, label: 'Feedback' },
          { to: paths.profile, label: 'Profile' },
        ]
      : []),
    ...(role === 'authority'
      ? [
          { to: paths.incidents, label: 'Incidents' },
          { to: paths.authoritySettings, label: 'Settings' },
        ]
      : []),
    // CONTRACT 6.4: a hostel's clerk and warden print its rooms' stickers
    ...(role === 'authority' && designation !== null && HOSTEL_DESIGNATIONS.includes(designation)
      ? [{ to: paths.stickers, label: 'QR stickers' }]
      : []),
    ...(role === 'admin'
      ? [
          { to: paths.viewComplaints, label: 'Complaints' },
          // CONTRACT 6.1: an admin sees, declares and links incidents
          { to: paths.incidents, label: 'Incidents' },
          { to: paths.manageAuthorities, label: 'Authorities' },
          { to: paths.reports, label: 'Reports' },
          { to: paths.auditLog, label: 'Audit log' },
          { to: paths.stickers, label: 'QR stickers' },
          { to: paths.twoStepSignIn, label: 'Two-step sign-in' },
        ]
      : []),
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-1.5 text-sm font-medium transition-colors xl:px-3 ${
    isActive ? 'bg-brand-700 text-white' : 'text-brand-50 hover:bg-brand-800'
  }`;

const logoutClass =
  'inline-flex min-h-11 items-center whitespace-nowrap rounded-lg border border-brand-100/60 px-3 text-sm font-medium text-white hover:bg-brand-800';

export function Navbar() {
  const { user } = useAuth();
  const logout = useLogout();
  const items = navItems(user?.role ?? null, user?.designation ?? null);
  // an admin's links (eleven with Logout) fit in one row from 1024 px, the brand's name shown from 1536 px
  // (e2e/admin-menu.spec.ts); below 1024 px, the menu button, as on phones
  const [barFrom, menuUntil, nameHidden] =
    user?.role === 'admin'
      ? ['lg:flex', 'lg:hidden', 'lg:max-2xl:sr-only']
      : ['md:flex', 'md:hidden', 'md:max-xl:sr-only'];
  // Phone menu: a disclosure button (aria-expanded, aria-controls) kept light for the entry bundle.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname, state } = useLocation();
  // SPEC §2: a protected screen sends anonymous visitors to / keeping the requested location; the login
  // links carry it on, so signing in from there lands on the requested screen.
  const from = (state as { from?: unknown } | null)?.from;
  const linkState = (to: string) => (from && LOGIN_PATHS.has(to) ? { from } : undefined);

  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="on-dark bg-brand-900 text-white shadow print:hidden">
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4 py-2">
        <div className="flex items-center justify-between gap-2">
          <Link to={paths.home} className="inline-flex min-h-11 items-center gap-2 rounded-lg font-bold">
            <span aria-hidden="true" className="rounded bg-accent-400 px-1.5 py-0.5 text-sm text-brand-900">
              BIT
            </span>
            <span className={`whitespace-nowrap ${nameHidden}`}>Mesra Complaints</span>
          </Link>

          <ul className={`hidden items-center xl:gap-1 ${barFrom}`}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} state={linkState(item.to)} className={linkClass} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {user && (
              <li>
                <button type="button" onClick={logout} className={logoutClass}>
                  Logout
                </button>
              </li>
            )}
          </ul>

          <button
            type="button"
            className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-brand-800 ${menuUntil}`}
            aria-label="Menu"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
              <path
                strokeLinecap="round"
                strokeWidth={2}
                d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'}
              />
            </svg>
          </button>
        </div>

        <ul
          id={panelId}
          hidden={!open}
          className={`flex flex-col gap-1 border-t border-brand-800 py-3 ${menuUntil}`}
        >
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                state={linkState(item.to)}
                className={(link) => `${linkClass(link)} w-full`}
                end
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {user && (
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void logout();
                }}
                className={`${logoutClass} w-full`}
              >
                Logout
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
