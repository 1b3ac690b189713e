/**
 * Makes the screen a phone's (below Tailwind's `sm`) for the rest of the test: matchMedia answers as
 * a 360-pixel-wide browser would. jsdom has no matchMedia, which the app reads as a wide screen;
 * setup.ts takes it away after every test.
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
