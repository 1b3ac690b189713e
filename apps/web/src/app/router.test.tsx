import { MSG, MSG_SHELL } from '@bit/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, warden } from '../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../test/utils';
import { routes } from './router';

afterEach(() => vi.unstubAllGlobals());

describe('router', () => {
  it('shows the friendly 404 page for an unknown route (app/routes/error.test.tsx has more)', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: MSG.notSignedIn }) });
    renderRoutes(routes, ['/no-such-page']);
    expect(await screen.findByRole('heading', { name: MSG_SHELL.notFound })).toBeInTheDocument();
    expect(screen.queryByText(MSG.unexpectedError)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the logged-out navigation on the home page', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: MSG.notSignedIn }) });
    renderRoutes(routes, ['/']);
    expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Admin' })[0]).toHaveAttribute('href', '/admin-login');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows an authority the Settings link, which opens the email settings', async () => {
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: warden }),
      'GET /api/me/preferences': () => jsonResponse(200, { data: { newComplaints: 'each' } }),
    });
    const { router } = renderRoutes(routes, ['/authority-settings']);
    expect(await screen.findByRole('radio', { name: 'Each new complaint, as it is filed' })).toBeChecked();
    expect(screen.getAllByRole('link', { name: 'Settings' })[0]).toHaveAttribute(
      'href',
      '/authority-settings',
    );
    expect(router.state.location.pathname).toBe('/authority-settings');
  });

  it("opens a complaint's page for an admin too, read only", async () => {
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
    const data = {
      id: 7,
      token: 'CMP-ADM1',
      type: 'College',
      hostelNo: null,
      roomNo: null,
      subType: 'Library',
      description: 'Lights out',
      status: 'Pending',
      remarks: null,
      assignedTo: null,
      student: { name: 'Asha Kumari', rollNo: null },
      createdAt: '2025-01-15T10:00:00.000Z',
      updatedAt: '2025-01-15T10:00:00.000Z',
      reopenCount: 0,
      dueAt: '2025-01-22T10:00:00.000Z',
      overdue: false,
      history: [],
      messages: [],
      attachments: [],
    };
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: admin }),
      'GET /api/complaints/CMP-ADM1': () => jsonResponse(200, { data }),
    });
    renderRoutes(routes, ['/complaint-status?token=CMP-ADM1']);
    expect(await screen.findByRole('heading', { name: 'Complaint CMP-ADM1' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('opens the audit log for an admin, linked from the menu, and tells an authority it is not theirs', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: admin }),
      'GET /api/admin/audit': () => jsonResponse(200, { count: 0, page: 1, pageSize: 20, data: [] }),
    });
    const first = renderRoutes(routes, ['/audit-log']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findByText('No admin actions have been recorded yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Audit log', hidden: true })[0]).toHaveAttribute(
      'href',
      '/audit-log',
    );
    first.unmount();

    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: warden }),
      'GET /api/complaints/authority': () =>
        jsonResponse(200, { count: 0, page: 1, pageSize: 20, data: [], counts: {} }),
    });
    renderRoutes(routes, ['/audit-log']);
    // not silently sent away (issue 51 row 5): told, with the way to their own dashboard
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is not available to you' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/This page is for administrators\. You are signed in as an authority\./),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Go to your dashboard' })[0]).toHaveAttribute(
      'href',
      '/authority-dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
