import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { AuthProvider } from '../features/auth/components/auth-provider';

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type THandler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Replaces fetch; unknown calls answer 404. Returns the mock to inspect calls. */
export function mockFetch(handlers: Record<string, THandler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    return handler ? handler(url, init) : jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Renders routes in a memory router with the app's providers (query cache, session). */
export function renderRoutes(
  routes: RouteObject[],
  initialEntries: Array<string | { pathname: string; state?: unknown }>,
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={client}>
      <AuthProvider>{node}</AuthProvider>
    </QueryClientProvider>
  );
  return { router, ...render(wrap(<RouterProvider router={router} />)) };
}

/** The field is marked as failing, described by the message shown under it, and (unless told) focused. */
export function expectPointedAt(field: HTMLElement, message: string, { focused = true } = {}) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  if (focused) expect(field).toHaveFocus();
}
