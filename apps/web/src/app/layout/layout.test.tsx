import { MSG, type TUser } from '@bit/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from '../../components/ui/date-time';
import { DEFAULT_TIME_ZONE, setTimeZone } from '../../lib/dates';
import { admin, student, warden } from '../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { routes } from '../router';
import { ServerTimeZone } from './server-time-zone';

afterEach(() => {
  vi.unstubAllGlobals();
  setTimeZone(DEFAULT_TIME_ZONE);
});

/** The app at `path`, signed in as `user` (or a visitor). */
async function openAs(user: TUser | null, path = '/team') {
  if (user) localStorage.setItem('token', 'tok');
  mockFetch({
    'GET /api/auth/check-auth': () =>
      user ? jsonResponse(200, { user }) : jsonResponse(401, { message: MSG.notSignedIn }),
  });
  renderRoutes(routes, [path]);
  // the session is known once the menu shows Logout (or, for a visitor, the login links)
  await screen.findAllByRole('link', { name: user ? 'Dashboard' : 'Student Login' });
}

const menu = () => screen.getByRole('navigation', { name: 'Main' });
// every link of the menu, those under More (issue 51 row 18) and in the phone panel included
const menuLinks = () =>
  within(menu())
    .getAllByRole('link', { hidden: true })
    .map((a) => a.textContent);

describe('navigation', () => {
  it('gives students Complaint Status and Feedback in the menu', async () => {
    await openAs(student);
    expect(within(menu()).getByRole('link', { name: 'Complaint Status' })).toHaveAttribute(
      'href',
      '/complaint-status',
    );
    expect(within(menu()).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    expect(within(menu()).getByRole('link', { name: 'File Complaint' })).toBeInTheDocument();
  });

  it('gives admins Complaints, Incidents and Authorities in the menu', async () => {
    await openAs(admin);
    expect(within(menu()).getByRole('link', { name: 'Complaints' })).toHaveAttribute(
      'href',
      '/view-complaints',
    );
    expect(within(menu()).getByRole('link', { name: 'Authorities' })).toHaveAttribute(
      'href',
      '/manage-authorities',
    );
    expect(within(menu()).getAllByRole('link', { name: 'Audit log', hidden: true })[0]).toHaveAttribute(
      'href',
      '/audit-log',
    );
    expect(within(menu()).getByRole('link', { name: 'Incidents' })).toHaveAttribute('href', '/incidents');
    expect(menuLinks()).not.toContain('Feedback');
  });

  it('gives admins and hostel staff QR stickers in the menu, and no other authority (CONTRACT 6.4)', async () => {
    await openAs(admin);
    expect(within(menu()).getAllByRole('link', { name: 'QR stickers', hidden: true })[0]).toHaveAttribute(
      'href',
      '/stickers',
    );
    cleanup();
    await openAs(warden);
    expect(menuLinks()).toContain('QR stickers');
    cleanup();
    await openAs({ ...warden, designation: 'Other', hostelNo: null });
    expect(menuLinks()).not.toContain('QR stickers');
  });

  it('gives admins and Hostel Clerks File at the desk in the menu, and no other authority (CONTRACT 7.5)', async () => {
    await openAs(admin);
    expect(
      within(menu()).getAllByRole('link', { name: 'File at the desk', hidden: true })[0],
    ).toHaveAttribute('href', '/desk-filing');
    cleanup();
    await openAs({ ...warden, designation: 'Hostel Clerk' });
    expect(menuLinks()).toContain('File at the desk');
    cleanup();
    await openAs(warden);
    expect(menuLinks()).not.toContain('File at the desk');
    cleanup();
    await openAs({ ...warden, designation: 'Hostel Clerk', approved: false });
    expect(menuLinks()).not.toContain('File at the desk');
  });

  it("puts the bar's links past the seventh under More, a disclosure that opens and closes", async () => {
    await openAs(admin);
    const more = within(menu()).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu()).queryByRole('link', { name: 'Settings' })).toBeNull();
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin-settings');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('gives authorities none of the student links', async () => {
    await openAs(warden);
    expect(menuLinks()).not.toContain('Complaint Status');
    expect(menuLinks()).not.toContain('Feedback');
  });
});

describe('footer', () => {
  const quickLinks = () => screen.queryByRole('navigation', { name: 'Quick links' });

  it('shows students the quick links to their screens', async () => {
    await openAs(student);
    const links = within(quickLinks() as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/file-complaint',
      '/complaint-status',
      '/feedback',
    ]);
  });

  it('shows other roles no student links, which would only send them to the home page', async () => {
    for (const user of [warden, admin]) {
      await openAs(user);
      expect(quickLinks()).toBeNull();
      expect(screen.queryByRole('link', { name: 'Feedback' })).toBeNull();
      cleanup();
      localStorage.clear();
    }
  });

  it('offers a visitor logging in and signing up instead', async () => {
    await openAs(null);
    const links = within(quickLinks() as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/student-login',
      '/student-signup',
      '/student-notifications',
    ]);
  });
});

describe('home', () => {
  it('has a Sign up link in the hero', async () => {
    await openAs(null, '/');
    const hero = (await screen.findByRole('heading', { name: 'Complaint Management System' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(hero).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/student-signup');
  });
});

describe('the server time zone', () => {
  it('shows dates in the zone GET /api/config names', async () => {
    mockFetch({
      'GET /api/config': () =>
        jsonResponse(200, {
          studentEmailDomain: 'bitmesra.ac.in',
          authorityApproval: 'admin',
          timeZone: 'Europe/London',
        }),
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <ServerTimeZone />
              <DateTime iso="2025-03-10T18:45:00.000Z" />
            </>
          ),
        },
      ],
      ['/'],
    );
    expect(await screen.findByText('10 Mar 2025, 18:45 GMT')).toBeInTheDocument();
  });
});
