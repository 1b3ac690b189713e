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
