import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after 3 s, not 1: four test workers share two cores in CI, and a draw can
// wait its turn that long; a test that passes only waits as long as it must
configure({ asyncUtilTimeout: 3_000 });

// jsdom has no scrolling; the router's ScrollRestoration calls it
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
