import { statusColour } from '@bit/contract';

const colourClass = {
  yellow: 'bg-status-pending-bg text-status-pending',
  blue: 'bg-status-progress-bg text-status-progress',
  green: 'bg-status-resolved-bg text-status-resolved',
  red: 'bg-status-other-bg text-status-other',
} as const;

/** A complaint status pill: Pending yellow, In Progress blue, Resolved green, anything else red. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colourClass[statusColour(status)]}`}
    >
      {status}
    </span>
  );
}
