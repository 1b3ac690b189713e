import { MSG } from '@bit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { student } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/utils';
import { AuthProvider, useAuth } from './auth-provider';

const asha = student;

function Session() {
  const { user, signIn, logout } = useAuth();
  return (
    <>
      <p>{user ? `signed in as ${user.name}` : 'anonymous'}</p>
      <button type="button" onClick={() => signIn('tok', asha, 'student')}>
        sign in
      </button>
      <button type="button" onClick={() => void logout()}>
        log out
      </button>
    </>
  );
}

/** The app's providers around Session, with a cache that already holds another visitor's list. */
function renderSession() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const remember = () =>
    client.setQueryData(['complaints', 'student', 1, undefined], {
      count: 1,
      data: [{ token: 'CMP-OTHER1' }],
    });
  remember();
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Session />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { cached: () => client.getQueryCache().getAll().length, remember };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the session and the query cache', () => {
  it('empties the cache when someone signs in, so nothing read for the visitor before reaches them', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, { message: MSG.notSignedIn }) });
    const { cached } = renderSession();
    await screen.findByText('anonymous');
    expect(cached()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(await screen.findByText('signed in as Asha Kumari')).toBeInTheDocument();
    expect(cached()).toBe(0);
  });

  it('empties the cache when the user logs out', async () => {
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: asha }),
      'POST /api/auth/logout': () => jsonResponse(200, { message: MSG.loggedOut }),
    });
    const { cached, remember } = renderSession();
    await screen.findByText('signed in as Asha Kumari');
    remember();
    expect(cached()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'log out' }));
    await screen.findByText('anonymous');
    expect(cached()).toBe(0);
  });

  it('empties the cache when a call answers 401, as the session is gone', async () => {
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: asha }),
      'GET /api/complaints/student': () => jsonResponse(401, { message: MSG.notSignedIn }),
    });
    const { cached, remember } = renderSession();
    await screen.findByText('signed in as Asha Kumari');
    remember();
    await expect(api.get('/complaints/student')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(cached()).toBe(0));
  });
});
