import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
} from 'react';

/** A failed import of a screen's or a part's code: offline, a flaky connection, a file a new deployment removed. */
export function isChunkLoadError(error: unknown): boolean {
  // Chromium, Firefox, Safari, and Vite's preload of a chunk's stylesheet
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * When the server answers, code that still failed to load is gone for good (a new deployment replaced
 * the build's files; the page runs the old one): the page is loaded again, with the new build. When it
 * does not answer, the device is still offline: nothing, the screen keeps saying it needs a connection.
 */
export async function reloadIfOnline(): Promise<void> {
  try {
    await fetch('/', { method: 'HEAD', cache: 'no-store' });
  } catch {
    return;
  }
  window.location.reload();
}

const failed = new Set<() => Promise<unknown>>();

/**
 * React.lazy whose failed import can be tried again: React keeps a lazy component's first answer for
 * good, so a part whose code failed once (the Update dialog offline) would fail for the page's life.
 * Its failure goes to the route's error page, which shows "This screen needs a connection"; that
 * page's Retry (retryFailedImports) imports the code again and draws the screen anew.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound, so any component's props pass through
export function lazyWithRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const tracked = () =>
    load().catch((error: unknown) => {
      failed.add(retry);
      throw error;
    });
  let current: LazyExoticComponent<T> = lazy(tracked);
  function retry() {
    failed.delete(retry);
    const next = tracked();
    current = lazy(() => next);
    return next;
  }
  return function LazyWithRetry(props: ComponentProps<T>) {
    return createElement(current as ComponentType<ComponentProps<T>>, props);
  };
}

/** Imports again the code of every lazyWithRetry part whose import failed; rejects while any still fails. */
export const retryFailedImports = () => Promise.all([...failed].map((retry) => retry()));
