import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/utils';
import { resendPushSubscription } from './push-session';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SUBSCRIPTION = {
  endpoint: 'https://push.example.org/abc',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'a'.repeat(22) },
};

function browserHolding(subscription: typeof SUBSCRIPTION | null) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => ({
        pushManager: { getSubscription: vi.fn(async () => subscription && { toJSON: () => subscription }) },
      })),
    },
  });
}

describe('resendPushSubscription (CONTRACT 6.7: a subscription belongs to its session)', () => {
  it('hands the subscription this browser kept to the server, for the session now signed in', async () => {
    browserHolding(SUBSCRIPTION);
    const fetch = mockFetch({
      'POST /api/me/push-subscriptions': () => jsonResponse(201, { message: 'ok' }),
    });
    await resendPushSubscription();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual(SUBSCRIPTION);
  });

  it('asks the server nothing when the browser holds no subscription', async () => {
    browserHolding(null);
    const fetch = mockFetch({});
    await resendPushSubscription();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never throws when the server refuses it', async () => {
    browserHolding(SUBSCRIPTION);
    mockFetch({ 'POST /api/me/push-subscriptions': () => jsonResponse(400, { message: 'no' }) });
    await expect(resendPushSubscription()).resolves.toBeUndefined();
  });
});
