import { Button } from './ui/button';

/** Previous / Next with "Page x of y"; shown once there is something to page through. */
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
  if (count <= 0) return null;
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
