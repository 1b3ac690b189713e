import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor give up after 3 s, not 1: four test workers share two cores in CI, and a draw can
// wait its turn that long; a test that passes only waits as long as it must
configure({ asyncUtilTimeout: 3_000 });

// jsdom has no scrolling; the router's ScrollRestoration calls it
window.scrollTo = () => {};

// Whatever a test may change on the window is put back here, after every test of every file (a helper
// module's own hooks would run only for the first file that imported it, were files to share modules).
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  // back to jsdom's own window: no matchMedia (a wide screen, test/screen-width.ts), no service worker
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
