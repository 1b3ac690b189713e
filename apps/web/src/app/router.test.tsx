import { MSG } from '@bit/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../test/utils';
import { routes } from './router';

afterEach(() => vi.unstubAllGlobals());

describe('router', () => {
  it('shows the error page with 404 for an unknown route', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: MSG.notSignedIn }) });
    renderRoutes(routes, ['/no-such-page']);
    expect(await screen.findByText(MSG.unexpectedError)).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the logged-out navigation on the home page', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: MSG.notSignedIn }) });
    renderRoutes(routes, ['/']);
    expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Admin' })[0]).toHaveAttribute('href', '/admin-login');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
