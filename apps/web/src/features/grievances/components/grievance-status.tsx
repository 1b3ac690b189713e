import type { TGrievanceStatus } from '@bit/contract';

/** A grievance's status as a pill: waiting (yellow), decided (green), withdrawn (grey). */
export function GrievanceStatus({ status }: { status: TGrievanceStatus }) {
  const colour =
    status === 'Decided' || status === 'Appeal decided'
      ? 'bg-status-resolved-bg text-status-resolved'
      : status === 'Withdrawn'
        ? 'bg-slate-100 text-slate-700'
        : status === 'Hearing scheduled' || status === 'Appealed'
          ? 'bg-status-progress-bg text-status-progress'
          : 'bg-status-pending-bg text-status-pending';
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colour}`}>
      {status}
    </span>
  );
}
