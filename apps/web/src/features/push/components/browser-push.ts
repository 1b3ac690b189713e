/**
 * This browser's side of Web Push (CONTRACT 6.3): whether it can, whether the user blocked it, and
 * its subscription through the service worker (public/sw.js, registered by lib/service-worker.ts in
 * the built app). Nothing here asks the user anything: only turnOn does, after a tap.
 */
export type TPushState = 'unsupported' | 'blocked' | 'on' | 'off';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration() {
  if (!supported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export async function pushState(): Promise<TPushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  return (await reg.pushManager.getSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url → the bytes PushManager.subscribe takes as applicationServerKey. */
export function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (the tap that calls this is the user's request) and subscribes with the
 * server's key; answers the subscription, or the state to show when there is none.
 */
export async function turnOn(serverKey: () => Promise<string>): Promise<PushSubscription | TPushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const key = keyBytes(await serverKey());
  const existing = await reg.pushManager.getSubscription();
  // a subscription made with another key (the server's keys changed) cannot be reused
  if (existing) await existing.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
