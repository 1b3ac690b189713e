import { z } from 'zod';

// CONTRACT 6.3: notifications on the phone (Web Push).

/** A user's push subscriptions; subscribing an eleventh browser drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

export const MSG_PUSH = {
  subscribed: 'Notifications are on for this browser',
  unsubscribed: 'Notifications are off for this browser',
  endpointInvalid: 'endpoint must be the https: address of a push service',
  endpointRefused: 'endpoint must be a push service on the public internet',
  keysInvalid: 'keys must hold the browser’s p256dh and auth keys',
  preferenceInvalid: 'email and push must be true or false',
  preferencesEmpty: 'Give at least one of newComplaints, email and push',
} as const;

/** The web app's texts about notifications (the profile's section, the channel choices). */
export const MSG_PUSH_WEB = {
  heading: 'Notifications on this device',
  explain:
    'Turn them on to see on this phone or computer, within moments, what your emails would tell you: a complaint changing status, a message on it and, for authorities, new complaints. They show only a line of it; tap one to open it in the app. Everything works the same without them.',
  on: 'Notifications are on for this browser.',
  off: 'Notifications are off for this browser.',
  blocked:
    'Your browser blocks notifications from this site. To get them, allow notifications for this site in the browser’s settings, then come back here.',
  unsupported:
    'This browser cannot receive notifications from the app. On an iPhone, add the app to the Home Screen first (Share, then Add to Home Screen) and open it from there.',
  turnOn: 'Get notifications on this device',
  turnOff: 'Stop notifications on this device',
  failed: 'Notifications could not be turned on. Please try again.',
  offFailed: 'Notifications could not be turned off. Please try again.',
  channels: 'How you hear of your complaints',
  email: 'By email',
  push: 'As notifications, on the devices where you turned them on',
  channelsHint: 'With both off, you still see everything here in the app.',
  saved: 'Settings saved',
  saveFailed: 'Failed to save your settings',
  loadFailed: 'Failed to fetch your settings',
} as const;

const base64url = (min: number, max: number) =>
  z
    .string({ error: MSG_PUSH.keysInvalid })
    .min(min, MSG_PUSH.keysInvalid)
    .max(max, MSG_PUSH.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+=*$/, MSG_PUSH.keysInvalid);

const ZEndpoint = z
  .string({ error: MSG_PUSH.endpointInvalid })
  .max(1000, MSG_PUSH.endpointInvalid)
  .refine((s) => URL.canParse(s) && new URL(s).protocol === 'https:', MSG_PUSH.endpointInvalid);

/** What PushSubscription.toJSON() gives in the browser, less expirationTime (which may be sent). */
export const ZPushSubscriptionRequest = z.object({
  endpoint: ZEndpoint,
  keys: z.object(
    {
      // an uncompressed P-256 point (65 bytes) and a 16-byte secret, in base64url
      p256dh: base64url(80, 100),
      auth: base64url(16, 40),
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
