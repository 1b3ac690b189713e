import { useSyncExternalStore } from 'react';

export const OFFLINE_BANNER = 'You are offline. Saved pages still open; connect to load or send anything.';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOffline = () => navigator.onLine === false;

/** A line under the navigation bar while the browser is offline (the service worker serves the app). */
export function OfflineBanner() {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  if (!offline) return null;
  return (
    <p
      role="status"
      className="bg-status-pending-bg px-4 py-3 text-center text-sm font-semibold text-status-pending"
    >
      {OFFLINE_BANNER}
    </p>
  );
}
