import { MSG_SHELL } from '@bit/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { renderRoutes } from '../test/utils';
import { withChunkRetry } from './retrying-routes';
import { ErrorPage } from './routes/error';

afterEach(() => vi.unstubAllGlobals());

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/screen-x1.js');
const Screen = () => <h1>File a Complaint</h1>;

/** A route loading its code with `lazy`, inside a layout whose error page is the app's. */
const oneRoute = (lazy: RouteObject['lazy']): RouteObject[] => [
  { errorElement: <ErrorPage />, children: [{ path: '/', lazy }] },
];

describe('a screen whose code does not load', () => {
  it('says it needs a connection, never the crash page, and Retry imports it again', async () => {
    const load = vi
      .fn<() => Promise<{ Component: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ Component: Screen });
    renderRoutes(withChunkRetry(oneRoute(load)), ['/']);

    expect(await screen.findByRole('heading', { name: MSG_SHELL.needsConnection })).toBeInTheDocument();
    expect(screen.getByText(MSG_SHELL.needsConnectionWhy)).toBeInTheDocument();
    expect(screen.queryByText(MSG_SHELL.unexpectedError)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'File a Complaint' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again by itself when the connection comes back', async () => {
    const load = vi
      .fn<() => Promise<{ Component: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ Component: Screen });
    renderRoutes(withChunkRetry(oneRoute(load)), ['/']);
    await screen.findByRole('heading', { name: MSG_SHELL.needsConnection });

    // the screen listens from its effect, which may run after its heading is found: the browser says
    // "online" again until the screen has heard it
    await waitFor(() => {
      window.dispatchEvent(new Event('online'));
      expect(screen.getByRole('heading', { name: 'File a Complaint' })).toBeInTheDocument();
    });
  });

  it('still offline, Retry keeps the message and does not reload', async () => {
    const load = vi.fn(() => Promise.reject(chunkError()));
    // the server does not answer either
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    renderRoutes(withChunkRetry(oneRoute(load)), ['/']);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));

    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: MSG_SHELL.needsConnection })).toBeInTheDocument();
  });

  it('leaves any other error to the error page, with SPEC’s words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new Error('Boom in the screen')));
    renderRoutes(withChunkRetry(oneRoute(load)), ['/']);
    expect(await screen.findByRole('heading', { name: MSG_SHELL.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('Boom in the screen')).toBeInTheDocument();
  });
});

describe('a part of a screen whose code does not load (a dialog)', () => {
  it('shows the error page saying it needs a connection, and Retry draws the screen with the part', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ default: () => <p>The Update dialog</p> });
    const Part = lazyWithRetry(load);
    const Page = () => (
      <Suspense fallback={<p>Loading...</p>}>
        <Part />
      </Suspense>
    );
    renderRoutes([{ errorElement: <ErrorPage />, children: [{ path: '/', Component: Page }] }], ['/']);

    expect(await screen.findByRole('heading', { name: MSG_SHELL.needsConnection })).toBeInTheDocument();
    expect(screen.queryByText(MSG_SHELL.unexpectedError)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The Update dialog')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
