import { type ComponentType, useState } from 'react';
import type { RouteObject } from 'react-router';
import { NeedsConnection } from '../components/needs-connection';
import { isChunkLoadError } from '../lib/chunk-errors';

type TRouteModule = { Component?: ComponentType | null };
type TLoad = () => Promise<TRouteModule>;

/**
 * The screen of a route whose code failed to load: "This screen needs a connection" until Retry (or
 * the connection coming back) imports it, then the screen itself, for good: the router keeps what a
 * route's lazy answered, so this stands in for the screen's component from then on.
 */
function screenAfterFailure(load: TLoad): ComponentType {
  let loaded: ComponentType | null = null;
  return function RetryScreen() {
    const [Screen, setScreen] = useState(() => loaded);
    if (Screen) return <Screen />;
    const retry = () =>
      load().then((module) => {
        const Component = module.Component ?? null;
        loaded = Component;
        setScreen(() => Component);
      });
    return <NeedsConnection retry={retry} />;
  };
}

/**
 * `routes` with every lazy route's failed import answered by screenAfterFailure instead of thrown: the
 * router keeps a lazy route's rejection for the page's life and shows its crash page (issue 33:
 * "Failed to fetch dynamically imported module" offline). Any other error is thrown as before.
 */
export function withChunkRetry(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const next = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      const load = lazy as TLoad;
      next.lazy = async () => {
        try {
          return await load();
        } catch (error) {
          if (!isChunkLoadError(error)) throw error;
          return { Component: screenAfterFailure(load) };
        }
      };
    }
    if (children) next.children = withChunkRetry(children);
    return next;
  });
}
