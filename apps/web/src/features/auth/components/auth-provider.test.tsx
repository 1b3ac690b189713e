import { EMBEDDED_ANSWERS_ID, MSG, SESSION_REQUEST, TOKEN_STORAGE_KEY } from '@bit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { student, warden } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/utils';
import { AuthProvider, useAuth } from './auth-provider';

const asha = student;

function Session() {
  const { user, status, signIn, logout, retry } = useAuth();
  return (
    <>
      <p>{user ? `signed in as ${user.name}` : status === 'loading' ? 'checking' : 'anonymous'}</p>
      <p>status {status}</p>
      <button type="button" onClick={retry}>
        retry
      </button>
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
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
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
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
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

describe('the session check', () => {
  it('leaves a visitor without a stored token anonymous without asking the server', async () => {
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: asha }) });
    renderSession();
    expect(screen.getByText('status anonymous')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText('anonymous')).toBeInTheDocument();
  });

  it('asks the server when a token is stored and drops it on a 401', async () => {
    localStorage.setItem('token', 'tok');
    const fetch = mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, { message: MSG.notSignedIn }),
    });
    renderSession();
    expect(await screen.findByText('status anonymous')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is unreachable, not anonymous, when the check fails at the network, and Retry checks again', async () => {
    localStorage.setItem('token', 'tok');
    let down = true;
    const fetch = mockFetch({
      'GET /api/auth/check-auth': () => {
        if (down) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { user: asha });
      },
    });
    renderSession();
    expect(await screen.findByText('status unreachable')).toBeInTheDocument();
    // the token is kept: the session may be alive
    expect(localStorage.getItem('token')).toBe('tok');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('signed in as Asha Kumari')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is unreachable when the proxy answers 502 or 503 for the server', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/auth/check-auth': () => new Response('Bad Gateway', { status: 502 }) });
    renderSession();
    expect(await screen.findByText('status unreachable')).toBeInTheDocument();
  });
});

describe('a page that carries the signed-in user (loaded with the session cookie)', () => {
  /**
   * The provider as loaded on such a page: the user among the page answers (as check-auth answers
   * it), or in a JSON script of its own (the second channel there once was), the modules loaded afresh.
   */
  async function loadOnPage(
    storedToken: string | null,
    carrier: 'page answers' | 'session-data' = 'page answers',
  ) {
    if (storedToken) localStorage.setItem(TOKEN_STORAGE_KEY, storedToken);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = carrier === 'page answers' ? EMBEDDED_ANSWERS_ID : carrier;
    script.textContent = JSON.stringify(
      carrier === 'page answers' ? { [`/api${SESSION_REQUEST}`]: { user: asha } } : { user: asha },
    );
    document.body.append(script);
    vi.resetModules();
    const loaded = await import('./auth-provider');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Who() {
      const { user, status } = loaded.useAuth();
      return <p>{user ? `signed in as ${user.name}` : `status ${status}`}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <loaded.AuthProvider>
          <Who />
        </loaded.AuthProvider>
      </QueryClientProvider>,
    );
  }
  afterEach(() => {
    localStorage.clear();
    for (const id of [EMBEDDED_ANSWERS_ID, 'session-data']) document.getElementById(id)?.remove();
  });

  it('starts signed in with that user on its first render, asking the server nothing', async () => {
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: asha }) });
    await loadOnPage('stored');
    expect(screen.getByText(`signed in as ${asha.name}`)).toBeInTheDocument();
    expect(document.getElementById(EMBEDDED_ANSWERS_ID)).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is not signed in by it without a stored token (a logout drops the token)', async () => {
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: asha }) });
    await loadOnPage(null);
    expect(screen.getByText('status anonymous')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the session from the page answers only: a script of its own is not read, the server is asked', async () => {
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: asha }) });
    await loadOnPage('stored', 'session-data');
    expect(screen.getByText('status loading')).toBeInTheDocument();
    expect(await screen.findByText(`signed in as ${asha.name}`)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('an authority awaiting approval', () => {
  function Approval() {
    const { user } = useAuth();
    return <p>{user ? (user.approved ? 'approved' : 'awaiting approval') : 'nobody'}</p>;
  }

  it('is told of the approval when the tab comes back into view, without a reload', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    let approved = false;
    const fetch = mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: { ...warden, approved } }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Approval />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('awaiting approval');
    // the listener is attached by an effect after that draw: focus until it asks
    await waitFor(() => {
      fireEvent.focus(window);
      expect(fetch.mock.calls.length).toBeGreaterThan(1);
    });
    expect(screen.getByText('awaiting approval')).toBeInTheDocument();

    approved = true;
    fireEvent.focus(window);
    expect(await screen.findByText('approved')).toBeInTheDocument();
    // approved: no more checks on focus. React drops the listener in the effect's clean-up, which it may
    // run after the draw that shows "approved" (on a loaded machine a focus fell between the two and
    // asked once more): wait until a focus asks nothing, then check that it stays so
    await waitFor(() => {
      const before = fetch.mock.calls.length;
      fireEvent.focus(window);
      expect(fetch.mock.calls.length).toBe(before);
    });
    const asked = fetch.mock.calls.length;
    fireEvent.focus(window);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.mock.calls.length).toBe(asked);
  });
});
