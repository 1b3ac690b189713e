import { MSG_SECURITY, type TUser } from '@bit/contract';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { api } from '../../lib/api-client';
import { admin, warden } from '../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { AdminTwoFactorGate } from './admin-two-factor-gate';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** An admin screen that asks the API for its data, as each does. */
function Stats() {
  const stats = useQuery({
    queryKey: ['stats'],
    queryFn: () => api.get<{ total: number }>('/complaints/admin/stats'),
  });
  return <p>admin dashboard{stats.data ? `: ${stats.data.total}` : ''}</p>;
}

const routes = [
  {
    element: (
      <>
        <AdminTwoFactorGate />
        <Outlet />
      </>
    ),
    children: [
      { path: '/team', element: <p>about</p> },
      {
        element: <ProtectedRoute roles={['admin']} />,
        children: [{ path: '/admin-dashboard', element: <Stats /> }],
      },
      {
        element: <ProtectedRoute roles={['admin', 'authority']} />,
        children: [{ path: '/two-step-sign-in', element: <p>set it up</p> }],
      },
      {
        element: <ProtectedRoute roles={['authority']} />,
        children: [{ path: '/authority-dashboard', element: <p>authority dashboard</p> }],
      },
    ],
  },
];

const config = (admin2fa: 'optional' | 'required') => ({
  studentEmailDomain: 'bitmesra.ac.in',
  authorityApproval: 'admin',
  timeZone: 'Asia/Kolkata',
  admin2fa,
});

/** A signed-in user (a stored token, check-auth answering them), the server's settings and its stats. */
function signedIn(
  user: TUser,
  admin2fa: 'optional' | 'required',
  stats = () => jsonResponse(200, { total: 7 }),
) {
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/auth/check-auth': () => jsonResponse(200, { user }),
    'GET /api/config': () => jsonResponse(200, config(admin2fa)),
    'GET /api/complaints/admin/stats': stats,
  });
}

describe('ADMIN_2FA=required', () => {
  it('sends an admin without two-step sign-in from an admin screen to set it up', async () => {
    signedIn({ ...admin, twoFactor: false }, 'required');
    const { router } = renderRoutes(routes, ['/admin-dashboard']);
    expect(await screen.findByText('set it up')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/two-step-sign-in');
  });

  it('sends them from any screen they open', async () => {
    signedIn({ ...admin, twoFactor: false }, 'required');
    renderRoutes(routes, ['/team']);
    expect(await screen.findByText('set it up')).toBeInTheDocument();
  });

  it('lets an admin with two-step sign-in on through', async () => {
    signedIn({ ...admin, twoFactor: true }, 'required');
    renderRoutes(routes, ['/admin-dashboard']);
    expect(await screen.findByText('admin dashboard: 7')).toBeInTheDocument();
  });

  it('leaves an authority without it alone', async () => {
    signedIn({ ...warden, twoFactor: false }, 'required');
    const { router } = renderRoutes(routes, ['/authority-dashboard']);
    expect(await screen.findByText('authority dashboard')).toBeInTheDocument();
    // the settings have been read, and nothing moved
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/authority-dashboard');
  });
});

describe('ADMIN_2FA=optional', () => {
  it('lets an admin without two-step sign-in through', async () => {
    signedIn({ ...admin, twoFactor: false }, 'optional');
    const { router } = renderRoutes(routes, ['/admin-dashboard']);
    expect(await screen.findByText('admin dashboard: 7')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-dashboard');
  });
});

describe('a call refused with "Set up two-step sign-in first"', () => {
  it('leads to setting it up rather than to a dead error (a session older than the rule)', async () => {
    // the session says it is on (it was reset since), the settings say optional (changed since)
    signedIn({ ...admin, twoFactor: true }, 'optional', () =>
      jsonResponse(403, { message: MSG_SECURITY.twoFactorRequired }),
    );
    const { router } = renderRoutes(routes, ['/admin-dashboard']);
    expect(await screen.findByText('set it up')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/two-step-sign-in');
  });
});
