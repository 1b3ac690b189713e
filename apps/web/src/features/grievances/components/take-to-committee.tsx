import { GRIEVANCE_LIMITS, newGrievancePath, type TComplaintWithHistory } from '@bit/contract';
import { LinkButton } from '../../../components/ui/button';

const DAY_MS = 24 * 60 * 60 * 1000;
export const TAKE_TO_COMMITTEE = 'Take this to the grievance committee';

/**
 * Whether the student may take their complaint to the SGRC as "Complaint not resolved" (CONTRACT 7.2):
 * Resolved or Rejected within the last 15 days (its last such change), or overdue. The server decides.
 */
export function mayTakeToCommittee(c: TComplaintWithHistory, now = Date.now()) {
  if (c.overdue) return true;
  if (c.status !== 'Resolved' && c.status !== 'Rejected') return false;
  const last = c.history.findLast((h) => h.status === 'Resolved' || h.status === 'Rejected');
  const closedAt = Date.parse(last?.at ?? c.updatedAt);
  return closedAt >= now - GRIEVANCE_LIMITS.appealDays * DAY_MS;
}

/** On the student's own complaint's page: the grievance form, its token filled in. */
export function TakeToCommittee({ complaint }: { complaint: TComplaintWithHistory }) {
  if (!mayTakeToCommittee(complaint)) return null;
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-700">
        Not satisfied with how this complaint was handled? The Students’ Grievance Redressal Committee can
        hear it as a grievance.
      </p>
      <LinkButton to={newGrievancePath(complaint.token)} variant="secondary" className="mt-3">
        {TAKE_TO_COMMITTEE}
      </LinkButton>
    </div>
  );
}
