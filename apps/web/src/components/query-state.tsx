import { MSG } from '@bit/contract';
import type { ReactNode } from 'react';

export const OFFLINE_NOTHING_SAVED =
  'You are offline, and this was not saved on this device. It shows once you are back online.';

type TQuery<T> = { isPending: boolean; isFetching?: boolean; data: T | undefined };

/**
 * How every screen shows what it reads from the server: Loading... until the first answer, the error
 * text when it failed with nothing to show (offline, that it shows once back online), the empty text
 * when there is nothing, else the children.
 * What was shown stays on a failed refetch; the screen's toast says it failed.
 */
export function QueryState<T>({
  query,
  errorText,
  isEmpty,
  empty,
  className = '',
  reserve = '',
  children,
}: {
  query: TQuery<T>;
  errorText: string;
  isEmpty?: (data: T) => boolean;
  /** a sentence, or a whole block when it needs more (a link) */
  empty?: ReactNode;
  /** the spacing of the state messages where they stand */
  className?: string;
  /**
   * A min-height class for the loading state, about the height the answer usually takes: it keeps the
   * footer and whatever follows from jumping when the data arrives (layout shift).
   */
  reserve?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    // offline, a request waits (or fails) for as long as it lasts: say why, not Loading... for ever
    if (navigator.onLine === false) {
      return (
        <p role="status" className={`text-slate-600 ${className}`}>
          {OFFLINE_NOTHING_SAVED}
        </p>
      );
    }
    // a retry after a failure (the same search again) is shown as loading, not as the old failure
    return query.isPending || query.isFetching ? (
      <div role="status" className={`${className} ${reserve}`}>
        <p className="text-slate-600">{MSG.loading}</p>
        {reserve && (
          <div aria-hidden="true" className="mt-4 space-y-3">
            <div className="h-24 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" />
            <div className="h-24 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" />
            <div className="h-24 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" />
          </div>
        )}
      </div>
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
