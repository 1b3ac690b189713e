import { DateTime } from './ui/date-time';

/** Says that what a screen shows is a saved copy (hooks/use-saved-copy.ts), from when, and why. */
export function SavedCopyNote({ asOf, className = '' }: { asOf: number; className?: string }) {
  return (
    <p
      role="status"
      className={`rounded-lg border border-status-pending/30 bg-status-pending-bg p-3 text-sm text-status-pending ${className}`}
    >
      <span className="font-semibold">
        Saved copy as of <DateTime iso={new Date(asOf).toISOString()} />.
      </span>{' '}
      The server cannot be reached, so this is what you last saw here, read only. It updates when you are back
      online.
    </p>
  );
}
