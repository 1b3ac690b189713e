import { afterEach } from 'vitest';

/**
 * Makes the screen a phone's (below Tailwind's `sm`) for the rest of the test: matchMedia answers as
 * a 360-pixel-wide browser would. jsdom has no matchMedia, which the app reads as a wide screen.
 */
export function phoneWidth(width = 360) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const min = /min-width:\s*([\d.]+)(rem|px)/.exec(query);
      const px = min ? Number(min[1]) * (min[2] === 'rem' ? 16 : 1) : 0;
      return {
        matches: width >= px,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
}

afterEach(() => {
  // back to jsdom's own window: no matchMedia, a wide screen
  Reflect.deleteProperty(window, 'matchMedia');
});
