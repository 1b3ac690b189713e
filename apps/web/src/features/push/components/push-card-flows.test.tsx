import { MSG_PUSH_WEB } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { PushCard } from './push-card';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const KEY = `B${'A'.repeat(86)}`;

/** A browser with a service worker and a push manager, whose permission starts as `permission`. */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const made = {
    endpoint: 'https://push.example.org/abc',
    toJSON: () => ({
      endpoint: 'https://push.example.org/abc',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      subscription = made;
      return made;
    }),
  };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { pushManager, requestPermission, made };
}

const render = () => renderRoutes([{ path: '/profile', element: <PushCard /> }], ['/profile']);

describe('push card flows (CONTRACT 6.3)', () => {
  it('asks for permission only on the tap, subscribes with the server key and tells the server', async () => {
    const browser = browserWithPush('default');
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/push/key': () => jsonResponse(200, { key: KEY }),
      'POST /api/me/push-subscriptions': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Notifications are on for this browser' });
      },
      'DELETE /api/me/push-subscriptions': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Notifications are off for this browser' });
      },
    });
    render();
    expect(await screen.findByText(MSG_PUSH_WEB.off)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: MSG_PUSH_WEB.turnOn }));
    expect(await screen.findByText(MSG_PUSH_WEB.on)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(bodies[0]).toEqual(browser.made.toJSON());

    fireEvent.click(screen.getByRole('button', { name: MSG_PUSH_WEB.turnOff }));
    expect(await screen.findByText(MSG_PUSH_WEB.off)).toBeInTheDocument();
    expect(bodies[1]).toEqual({ endpoint: 'https://push.example.org/abc' });
    expect(browser.made.unsubscribe).toHaveBeenCalled();
  });

  it('says the browser blocks notifications, with no button, when permission was denied', async () => {
    browserWithPush('denied');
    render();
    expect(await screen.findByText(MSG_PUSH_WEB.blocked)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the user refuses at the prompt, and subscribes nothing', async () => {
    const browser = browserWithPush('default', 'denied');
    const fetch = mockFetch({});
    render();
    fireEvent.click(await screen.findByRole('button', { name: MSG_PUSH_WEB.turnOn }));
    await waitFor(() => expect(screen.getByText(MSG_PUSH_WEB.blocked)).toBeInTheDocument());
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the reason in the card when the server refuses the subscription, and leaves the browser unsubscribed', async () => {
    const browser = browserWithPush('default');
    mockFetch({
      'GET /api/push/key': () => jsonResponse(200, { key: KEY }),
      'POST /api/me/push-subscriptions': () =>
        jsonResponse(400, { message: 'endpoint must be a push service on the public internet' }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: MSG_PUSH_WEB.turnOn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MSG_PUSH_WEB.failedBecause('endpoint must be a push service on the public internet'),
    );
    expect(await screen.findByText(MSG_PUSH_WEB.off)).toBeInTheDocument();
    expect(browser.made.unsubscribe).toHaveBeenCalled();
  });

  it('says the browser’s reason when its push service cannot be reached', async () => {
    const browser = browserWithPush('default');
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    mockFetch({ 'GET /api/push/key': () => jsonResponse(200, { key: KEY }) });
    render();
    fireEvent.click(await screen.findByRole('button', { name: MSG_PUSH_WEB.turnOn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MSG_PUSH_WEB.failedBecause('Registration failed - push service error'),
    );
  });
});
