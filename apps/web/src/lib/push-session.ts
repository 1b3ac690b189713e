import { api } from './api-client';

/**
 * A logout ends this browser's notifications too (CONTRACT 6.3): on a shared computer the next person
 * must not see the last one's complaints pop up. The server forgets the subscription while the
 * session still exists, then the browser drops it. Never throws, and never holds a logout up for long.
 */
export async function dropPushSubscription(): Promise<void> {
  const work = (async () => {
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await api
      .delete('/me/push-subscriptions', { body: { endpoint: subscription.endpoint } })
      .catch(() => undefined);
    await subscription.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 2000))]);
}
/**
 * A push subscription belongs to the session that made it (CONTRACT 6.7): the server forgets it when that
 * session ends (expiry, a password reset, two-step sign-in confirmed elsewhere), while the browser keeps
 * it. So once a session is signed in, a browser that still holds a subscription hands it to the server
 * again, which ties it to this session (the server moves an endpoint to whoever sent it last). Without
 * it, the alerts card would read "on" while nothing is ever sent. Never throws.
 */
export async function resendPushSubscription(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await api.post('/me/push-subscriptions', subscription.toJSON());
  } catch {
    // no subscription to hand back, or the server refused it: the card says "off" or why on its next try
  }
}
