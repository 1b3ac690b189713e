import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls in on small screens, so the page itself never scrolls sideways.
 * It is a focusable, named region: keyboard users can scroll it with the arrow keys.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // `relative`: visually hidden cells (position: absolute) stay inside the box instead of widening the
    // page. tabIndex: a scrollable region must be reachable by keyboard.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200"
    >
      {children}
    </div>
  );
}
