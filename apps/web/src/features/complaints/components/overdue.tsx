import type { TComplaint } from '@bit/contract';
import { overdueAge } from '../../../lib/dates';

/**
 * "Overdue" and how long past due ("3 days overdue"), for a complaint the server calls overdue
 * (Pending or In Progress past its due time, CONTRACT 5.5); nothing for any other.
 */
export function OverdueBadge({
  complaint,
  className = '',
}: {
  complaint: Pick<TComplaint, 'overdue' | 'dueAt'>;
  className?: string;
}) {
  if (!complaint.overdue) return null;
  return (
    <span className={`flex flex-wrap items-center gap-x-1.5 gap-y-0.5 ${className}`}>
      <span className="inline-flex items-center rounded-full bg-status-other px-2.5 py-0.5 text-xs font-semibold text-white">
        Overdue
      </span>
      <time dateTime={complaint.dueAt} className="text-xs font-medium whitespace-nowrap text-status-other">
        {overdueAge(complaint.dueAt)}
      </time>
    </span>
  );
}
