/**
 * Code that could not be loaded (offline, a flaky connection, a file a new deployment removed): how it
 * is recognised, and how Retry goes on when it fails again. In the entry, with the error page and the
 * routes' stand-in screen (components/needs-connection.tsx); lazyWithRetry (lib/lazy-with-retry.ts)
 * loads with the screens that use it.
 */

/** A failed import of a screen's or a part's code. */
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

/** The retries of the lazyWithRetry parts whose import failed. */
export const failedImports = new Set<() => Promise<unknown>>();

/** Imports again the code of every lazyWithRetry part whose import failed; rejects while any still fails. */
export const retryFailedImports = () => Promise.all([...failedImports].map((retry) => retry()));
