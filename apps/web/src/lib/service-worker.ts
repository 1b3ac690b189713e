/**
 * Registers public/sw.js (the built app only: the dev server's modules are not for caching) after the
 * page has loaded, so it never competes with the first screen on a slow connection. Once the worker is
 * ready, it is told which /assets/ files this page loaded without it (the first screen's code, and
 * anything requested before it took control), to keep them for offline use.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // only what did not pass through a worker (workerStart 0): the worker caches what it fetches
        const send = (entries: PerformanceEntryList) => {
          const urls = (entries as PerformanceResourceTiming[])
            .filter((entry) => entry.workerStart === 0)
            .map((entry) => entry.name)
            .filter((name) => new URL(name).pathname.startsWith('/assets/'));
          if (urls.length > 0) registration.active?.postMessage({ type: 'cache-assets', urls });
        };
        send(performance.getEntriesByType('resource'));
        // code loaded later (a lazy component, the next route) that did not pass through the worker:
        // requested before it took control of this page, even when it arrives after
        new PerformanceObserver((list) => send(list.getEntries())).observe({ type: 'resource' });
      })
      .catch(() => {
        // no worker (private mode, an old browser): the app works online as before
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
