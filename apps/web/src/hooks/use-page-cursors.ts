import { useRef } from 'react';

type TShownPage = { page: number; data: readonly { id: number }[] };

/**
 * Where each page of a newest-first list starts, so that Next and Previous ask the server for
 * `before` (the last id of the page before) instead of a page number alone: the server then reads
 * the page from its index at that id, at the same cost however deep the page is, and an item filed
 * meanwhile neither repeats nor hides one across pages. Forgotten when `scope` (the list's filters)
 * changes. Page 1, and a page reached before its start was known, are read by number.
 */
export function usePageCursors(scope: string) {
  const state = useRef({ scope, starts: new Map<number, number>() });
  if (state.current.scope !== scope) state.current = { scope, starts: new Map() };
  const starts = state.current.starts;
  return {
    /** The `before` for a page, when known. */
    before: (page: number): number | undefined => starts.get(page),
    /** Records that `page` starts below `before` (a page opened from a link that carried it). */
    know(page: number, before: number | undefined) {
      if (before !== undefined && page > 1) starts.set(page, before);
    },
    /** Moving from the page shown to `to`: returns the `before` for `to`, remembering it for Next. */
    move(shown: TShownPage | undefined, to: number): number | undefined {
      const last = shown?.data.at(-1);
      if (shown && last && to === shown.page + 1) starts.set(to, last.id);
      return starts.get(to);
    },
  };
}
