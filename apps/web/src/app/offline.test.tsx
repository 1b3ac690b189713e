import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT } from '../features/auth/components/protected-route';
import { complaint, page } from '../features/complaints/test/fixtures';
import { storeToken } from '../lib/api-client';
import { saveCopy } from '../lib/saved-copies';
import { student } from '../test/fixtures';
import { renderRoutes } from '../test/utils';
import { routes } from './router';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** No answer to anything: the browser is offline. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

describe('a student opening the app offline (issue 33)', () => {
  it('is signed in as this browser kept them, and sees their complaints as last read', async () => {
    storeToken('tok');
    saveCopy(student, 'mine:1:', page([complaint({ token: 'CMP-KEPT1' })]));
    goOffline();
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Kumari' })).toBeInTheDocument();
    expect(await screen.findByText('CMP-KEPT1')).toBeInTheDocument();
    expect(screen.getByText(/^Saved copy as of/)).toBeInTheDocument();
  });

  it('with nothing kept for their session, is asked to connect and try again, as before', async () => {
    storeToken('tok');
    saveCopy(student, 'mine:1:', page([complaint({ token: 'CMP-KEPT1' })]));
    // another session since: the copies are not theirs
    localStorage.setItem('token', 'tok-2');
    goOffline();
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('CMP-KEPT1')).toBeNull();
  });
});
