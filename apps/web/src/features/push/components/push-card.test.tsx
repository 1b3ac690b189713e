import { MSG_PUSH_WEB } from '@bit/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoutes } from '../../../test/utils';
import { keyBytes } from './browser-push';
import { PushCard } from './push-card';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('push card (CONTRACT 6.3)', () => {
  it('explains what notifications bring, asks nothing on load, and says when this browser cannot have them', async () => {
    const fetch = mockFetch({});
    renderRoutes([{ path: '/profile', element: <PushCard /> }], ['/profile']);
    expect(screen.getByRole('heading', { name: MSG_PUSH_WEB.heading })).toBeInTheDocument();
    expect(screen.getByText(MSG_PUSH_WEB.explain)).toBeInTheDocument();
    // jsdom has no service worker nor PushManager
    expect(await screen.findByText(MSG_PUSH_WEB.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG_PUSH_WEB.turnOn })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns the base64url VAPID key into its 65 bytes', () => {
    const key = `B${'A'.repeat(86)}`;
    expect(keyBytes(key)).toHaveLength(65);
    expect(keyBytes(key)[0]).toBe(4);
  });
});
