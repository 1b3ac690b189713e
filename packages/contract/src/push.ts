import { z } from 'zod';

// CONTRACT 6.3: notifications on the phone (Web Push).

/** A user's push subscriptions; subscribing an eleventh browser drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

export const MSG_PUSH = {
  subscribed: 'Notifications are on for this browser',
  unsubscribed: 'Notifications are off for this browser',
  endpointInvalid: 'endpoint must be the https: address of a push service',
  endpointRefused: 'endpoint must be a push service on the public internet',
  endpointPort: 'endpoint must be a push service on port 443',
  keysInvalid: 'keys must hold the browser’s p256dh and auth keys',
  p256dhInvalid: 'keys.p256dh must be the browser’s P-256 public key (65 bytes, uncompressed)',
  authInvalid: 'keys.auth must be the browser’s 16-byte secret',
  preferenceInvalid: 'email and push must be true or false',
  preferencesEmpty: 'Give at least one of newComplaints, email and push',
} as const;

/** The web app's texts about notifications (the profile's section, the channel choices). */
export const MSG_PUSH_WEB = {
  // Issue 51 row 14: push is "alerts", so it never meets the navigation's "Notifications" (the notice board)
  heading: 'Alerts on this device',
  explain:
    'Turn them on to be alerted on this phone or computer, within moments, of what your emails would tell you: a complaint changing status, a message on it and, for authorities, new complaints. An alert shows only a line of it; tap one to open it in the app. Everything works the same without them.',
  on: 'Alerts are on for this browser.',
  off: 'Alerts are off for this browser.',
  blocked:
    'Your browser blocks alerts from this site. To get them, allow this site to show notifications in the browser’s settings, then come back here.',
  unsupported:
    'This browser cannot receive alerts from the app. On an iPhone, add the app to the Home Screen first (Share, then Add to Home Screen) and open it from there.',
  turnOn: 'Get alerts on this device',
  turnOff: 'Stop alerts on this device',
  failed: 'Alerts could not be turned on. Please try again.',
  offFailed: 'Alerts could not be turned off. Please try again.',
  /** Issue 51 row 21: why turning them on failed, kept in the card (not only a passing toast). */
  failedBecause: (reason: string) => `Alerts are off: ${reason}`,
  channels: 'How you hear of your complaints',
  email: 'By email',
  push: 'As alerts, on the devices where you turned them on',
  channelsHint: 'With both off, you still see everything here in the app.',
  saved: 'Settings saved',
  saveFailed: 'Failed to save your settings',
  loadFailed: 'Failed to fetch your settings',
} as const;

/**
 * CONTRACT 6.7: the browser's keys in base64url (padded or not), each of its exact size: p256dh an
 * uncompressed P-256 point, 65 bytes starting 0x04 (so its first character is `B`), auth 16 bytes.
 * Whether the point is on the curve the server checks (services/push.ts), with node's crypto.
 */
const ZP256dh = z
  .string({ error: MSG_PUSH.p256dhInvalid })
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, MSG_PUSH.p256dhInvalid);
const ZAuthSecret = z
  .string({ error: MSG_PUSH.authInvalid })
  .regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, MSG_PUSH.authInvalid);

const ZEndpoint = z
  .string({ error: MSG_PUSH.endpointInvalid })
  .max(1000, MSG_PUSH.endpointInvalid)
  .refine((s) => URL.canParse(s) && new URL(s).protocol === 'https:', MSG_PUSH.endpointInvalid);

/** What PushSubscription.toJSON() gives in the browser, less expirationTime (which may be sent). */
export const ZPushSubscriptionRequest = z.object({
  endpoint: ZEndpoint,
  keys: z.object(
    {
      p256dh: ZP256dh,
      auth: ZAuthSecret,
    },
    { error: MSG_PUSH.keysInvalid },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZPushUnsubscribeRequest = z.strictObject({ endpoint: ZEndpoint });

export const ZPushKeyResponse = z.object({ key: z.string() });
export type TPushKeyResponse = z.infer<typeof ZPushKeyResponse>;

/** What a push carries (and what the service worker shows): never more than the mail of the same event. */
export const ZPushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type TPushPayload = z.infer<typeof ZPushPayload>;
