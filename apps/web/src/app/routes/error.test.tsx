import { MSG_SHELL } from '@bit/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student, warden } from '../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { routes } from '../router';

afterEach(() => vi.unstubAllGlobals());

describe('the 404 page', () => {
  it('says the page was not found, with the way to the home page for a visitor', async () => {
    renderRoutes(routes, ['/no-such-page']);
    expect(await screen.findByRole('heading', { level: 1, name: MSG_SHELL.notFound })).toBeInTheDocument();
    expect(screen.getByText(MSG_SHELL.notFoundWhy)).toBeInTheDocument();
    expect(screen.queryByText(MSG_SHELL.unexpectedError)).not.toBeInTheDocument();
    expect(screen.queryByText(/404/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // set by an effect, which may run a moment after the heading is drawn
    await waitFor(() => expect(document.title).toMatch(/^Page Not Found/));
  });

  it.each([
    ['a student', student, '/student-dashboard'],
    ['an authority', warden, '/authority-dashboard'],
  ])('leads %s to their dashboard', async (_who, user, dashboard) => {
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user }) });
    renderRoutes(routes, ['/complaints/old-link']);
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      dashboard,
    );
    expect(screen.getByRole('heading', { level: 1, name: MSG_SHELL.notFound })).toBeVisible();
  });
});
