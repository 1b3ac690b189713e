import { HOSTEL_DESIGNATIONS, type TDesignation, type TRole } from '@bit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { dashboardPath, paths } from '../../config/paths';
import { useAuth } from '../../features/auth/components/auth-provider';
import { useLogout } from '../../features/auth/components/use-logout';

type TNavItem = { to: string; label: string };

const LOGIN_PATHS = new Set<string>([paths.studentLogin, paths.authorityLogin, paths.adminLogin]);

/** The links for the visitor: logged out, or signed in with a role (SPEC §2). */
function navItems(role: TRole | null, designation: TDesignation | null = null, approved = true): TNavItem[] {
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
    // an authority awaiting approval sees no complaints, so neither their incidents nor their rooms'
    // stickers: those links come with the approval (issue 51 row 11; the dashboard says why)
    ...(role === 'authority'
      ? [
          ...(approved ? [{ to: paths.incidents, label: 'Incidents' }] : []),
          // CONTRACT 7.5: their saved replies (the update dialog and the message box offer them)
          ...(approved ? [{ to: paths.savedReplies, label: 'Saved replies' }] : []),
          // CONTRACT 7.2: the grievances of the committees they sit on (the page says when on none)
          ...(approved ? [{ to: paths.grievances, label: 'Grievances' }] : []),
          { to: paths.authoritySettings, label: 'Settings' },
        ]
      : []),
    // CONTRACT 6.4: a hostel's clerk and warden print its rooms' stickers
    ...(role === 'authority' && approved && designation !== null && HOSTEL_DESIGNATIONS.includes(designation)
      ? [{ to: paths.stickers, label: 'QR stickers' }]
      : []),
    // CONTRACT 7.5: a hostel's clerk files at the desk for a student who came in person
    ...(role === 'authority' && approved && designation === 'Hostel Clerk'
      ? [{ to: paths.deskFiling, label: 'File at the desk' }]
      : []),
    ...(role === 'admin'
      ? [
          { to: paths.viewComplaints, label: 'Complaints' },
          // CONTRACT 6.1: an admin sees, declares and links incidents
          { to: paths.incidents, label: 'Incidents' },
          { to: paths.manageAuthorities, label: 'Authorities' },
          { to: paths.reports, label: 'Reports' },
          { to: paths.auditLog, label: 'Audit log' },
          // CONTRACT 7.1, 7.2: the grievance committees and the holidays their time limits skip
          { to: paths.manageCommittees, label: 'Committees' },
          { to: paths.holidays, label: 'Holidays' },
          // CONTRACT 7.5: the replies every authority is offered
          { to: paths.savedReplies, label: 'Shared replies' },
          { to: paths.stickers, label: 'QR stickers' },
          // CONTRACT 7.5: filing for a student who came in person
          { to: paths.deskFiling, label: 'File at the desk' },
          // issue 51 row 12: their email and alerts, and the way to two-step sign-in
          { to: paths.adminSettings, label: 'Settings' },
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

/**
 * The bar shows this many links at most; the rest are under "More" (issue 51 row 18: the admin's
 * eleven, then fifteen, links touched each other and pushed out the brand's name). The first ones are
 * what each role opens most: the notice board, About, the dashboard and the lists.
 */
export const BAR_LINKS_MAX = 7;

/**
 * "More": a disclosure button (aria-expanded, aria-controls) with the bar's other links under it, as
 * the phone menu is; Escape closes it and gives focus back to the button, as does a click elsewhere or
 * opening a page. The button reads as current when the open page is one of its links.
 */
function MoreLinks({ items, linkState }: { items: TNavItem[]; linkState: (to: string) => unknown }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLLIElement>(null);
  const here = items.some((item) => item.to === pathname);

  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <li ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className={`${linkClass({ isActive: here })} gap-1`}
      >
        More
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d={open ? 'M5 12l5-5 5 5z' : 'M5 8l5 5 5-5z'} />
        </svg>
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute right-0 z-40 mt-1 flex min-w-48 flex-col gap-1 rounded-lg bg-brand-900 p-2 shadow-lg ring-1 ring-brand-700"
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
      </ul>
    </li>
  );
}

export function Navbar() {
  const { user } = useAuth();
  const logout = useLogout();
  const items = navItems(user?.role ?? null, user?.designation ?? null, user?.approved ?? true);
  // an admin's bar (seven links, More and Logout) is one row, with room between them and the brand's
  // name, from 1280 px (e2e/admin-menu.spec.ts); below 1280 px, the menu button, as on phones (issue 51
  // row 18: at 1024 the row had no gaps and lost the brand's name)
  const [barFrom, menuUntil, nameHidden] =
    user?.role === 'admin' ? ['xl:flex', 'xl:hidden', ''] : ['md:flex', 'md:hidden', 'md:max-xl:sr-only'];
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

          <ul className={`hidden items-center gap-0.5 xl:gap-1 ${barFrom}`}>
            {items.slice(0, BAR_LINKS_MAX).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} state={linkState(item.to)} className={linkClass} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {items.length > BAR_LINKS_MAX && (
              <MoreLinks items={items.slice(BAR_LINKS_MAX)} linkState={linkState} />
            )}
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
