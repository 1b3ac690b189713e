import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
} from 'react';
import { failedImports } from './chunk-errors';

/**
 * React.lazy whose failed import can be tried again: React keeps a lazy component's first answer for
 * good, so a part whose code failed once (the Update dialog offline) would fail for the page's life.
 * Its failure goes to the route's error page, which shows "This screen needs a connection"; that
 * page's Retry (retryFailedImports, lib/chunk-errors.ts) imports the code again and draws the screen
 * anew.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound, so any component's props pass through
export function lazyWithRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const tracked = () =>
    load().catch((error: unknown) => {
      failedImports.add(retry);
      throw error;
    });
  let current: LazyExoticComponent<T> = lazy(tracked);
  function retry() {
    failedImports.delete(retry);
    const next = tracked();
    current = lazy(() => next);
    return next;
  }
  return function LazyWithRetry(props: ComponentProps<T>) {
    return createElement(current as ComponentType<ComponentProps<T>>, props);
  };
}
