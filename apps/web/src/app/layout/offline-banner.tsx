import { useOffline } from '../../hooks/use-offline';

export const OFFLINE_BANNER = 'You are offline. Saved pages still open; connect to load or send anything.';

/** A line under the navigation bar while the browser is offline (the service worker serves the app). */
export function OfflineBanner() {
  const offline = useOffline();
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
