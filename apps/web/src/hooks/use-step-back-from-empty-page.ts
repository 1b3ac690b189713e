import { useEffect } from 'react';

type TPage = { page: number; count: number; data: readonly unknown[] };

/**
 * A page past the first that comes back empty (its last items deleted, updated out of a filter, or an
 * old link) moves to the last page that still has items, or the first: the empty text alone would
 * leave no Previous button to get back with.
 */
export function useStepBackFromEmptyPage(
  shown: TPage | undefined,
  pageSize: number,
  onPageChange: (page: number) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page shown decides; a new onPageChange each render must not move again
  useEffect(() => {
    if (!shown || shown.data.length > 0 || shown.page <= 1) return;
    const last = Math.max(1, Math.ceil(shown.count / Math.max(1, pageSize)));
    if (last < shown.page) onPageChange(last);
  }, [shown]);
}
