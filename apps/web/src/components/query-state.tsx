import { MSG } from '@bit/contract';
import type { ReactNode } from 'react';

type TQuery<T> = { isPending: boolean; isFetching?: boolean; data: T | undefined };

/**
 * How every screen shows what it reads from the server: Loading... until the first answer, the error
 * text when it failed with nothing to show, the empty text when there is nothing, else the children.
 * What was shown stays on a failed refetch; the screen's toast says it failed.
 */
export function QueryState<T>({
  query,
  errorText,
  isEmpty,
  empty,
  className = '',
  children,
}: {
  query: TQuery<T>;
  errorText: string;
  isEmpty?: (data: T) => boolean;
  /** a sentence, or a whole block when it needs more (a link) */
  empty?: ReactNode;
  /** the spacing of the state messages where they stand */
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    // a retry after a failure (the same search again) is shown as loading, not as the old failure
    return query.isPending || query.isFetching ? (
      <p role="status" className={`text-slate-600 ${className}`}>
        {MSG.loading}
      </p>
    ) : (
      <p
        role="alert"
        className={`rounded-lg border border-status-other/30 bg-status-other-bg p-4 text-sm text-status-other ${className}`}
      >
        {errorText}
      </p>
    );
  }
  if (isEmpty?.(query.data)) {
    return typeof empty === 'string' ? <p className={`text-slate-600 ${className}`}>{empty}</p> : empty;
  }
  return children(query.data);
}
