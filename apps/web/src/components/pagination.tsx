import { Button } from './ui/button';

/** Previous / Next with "Page x of y"; shown only when there is more than one page to go through. */
export function Pagination({
  page,
  pageSize,
  count,
  onPageChange,
  label = 'Pagination',
}: {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
  // one page has nowhere to go: no "Page 1 of 1" between two disabled buttons
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
