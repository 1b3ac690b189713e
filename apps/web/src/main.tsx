import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A transition lets React draw the first screen in slices of a few milliseconds, yielding between
// them, instead of one long task that a phone's CPU stretches to hundreds of milliseconds (the static
// shell in index.html is on screen meanwhile).
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// The stylesheet comes after the static shell in index.html (so the shell paints without waiting for
// it); the app draws once it has loaded, never before. If it fails, or its events came and went before
// this module ran, the app draws all the same (unstyled screens still work) rather than never.
let drawn = false;
const draw = () => {
  if (drawn) return;
  drawn = true;
  render();
};
const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]');
if (!sheet || sheet.sheet || performance.getEntriesByName(sheet.href).length > 0) draw();
else {
  sheet.addEventListener('load', draw, { once: true });
  sheet.addEventListener('error', draw, { once: true });
  setTimeout(draw, 10_000);
}

// The service worker's registration is fetched once the page has loaded, as it registers only then:
// kept out of the entry, whose size the home page waits for (scripts/size-check.mjs).
const registerWorker = () =>
  import('./lib/service-worker').then(
    (m) => m.registerServiceWorker(),
    () => {
      // its code did not come (offline before the worker kept it): the next visit registers it
    },
  );
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
