import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls in on small screens, so the page itself never scrolls sideways.
 * It is a focusable, named region: keyboard users can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // `relative`: visually hidden cells (position: absolute) stay inside the box instead of widening the
    // page. A named <section> is a region.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable)
      tabIndex={0}
      className="relative mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200 print:overflow-visible"
    >
      {children}
    </section>
  );
}
