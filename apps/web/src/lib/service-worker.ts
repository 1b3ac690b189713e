/** How long after the worker is ready the other screens' code is asked for (then at the next idle moment). */
const EVERY_SCREEN_AFTER_MS = 5000;

/**
 * Registers public/sw.js (the built app only: the dev server's modules are not for caching) after the
 * page has loaded, so it never competes with the first screen on a slow connection. Once the worker is
 * ready, it is told which /assets/ files this page loaded without it (the first screen's code, and
 * anything requested before it took control), to keep them for offline use, and, a few seconds later,
 * asked to keep every other screen's code too.
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
        // then every other screen's code (public/sw.js), once this one has settled: fetched while it
        // loads, it would compete with it on a phone (issue 33: offline, any screen opens)
        const everyScreen = () => registration.active?.postMessage({ type: 'cache-every-screen' });
        setTimeout(() => {
          if ('requestIdleCallback' in window) requestIdleCallback(everyScreen);
          else everyScreen();
        }, EVERY_SCREEN_AFTER_MS);
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
