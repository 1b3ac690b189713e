import { Button } from './ui/button';

/**
 * Previous / Next with "Page x of y"; shown only when there is more than one page to go through.
 * `countAtLeast`: `count` is a lower bound (a search past SEARCH_COUNT_MAX, decision 0025), so the
 * pages are "more than y" and Next stays on while the page shown is full.
 */
export function Pagination({
  page,
  pageSize,
  count,
  countAtLeast = false,
  shown = pageSize,
  onPageChange,
  label = 'Pagination',
}: {
  page: number;
  pageSize: number;
  count: number;
  countAtLeast?: boolean | undefined;
  /** how many items the page shown holds: with countAtLeast, a page not full is the last */
  shown?: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
  // one page has nowhere to go: no "Page 1 of 1" between two disabled buttons
  if (pages <= 1 && page <= 1 && !countAtLeast) return null;
  const hasNext = page < pages || (countAtLeast && shown >= pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        {countAtLeast ? `Page ${page} of more than ${pages}` : `Page ${Math.min(page, pages)} of ${pages}`}
      </p>
      <Button variant="secondary" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
