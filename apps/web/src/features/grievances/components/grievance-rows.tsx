import { COMMITTEE_NAMES, grievancePath, type TGrievance } from '@bit/contract';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { isGrievanceOverdue } from './grievance-rules';
import { GrievanceStatus } from './grievance-status';

/** A list's count line: "1 grievance", "12 grievances". */
export const grievanceCount = (n: number) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? 'grievance' : 'grievances'}`;

/**
 * Grievances as a list of rows that fold on a phone: the number (the link to its page), the category,
 * the status, and the deadline it waits on in TIME_ZONE; `showStudent` adds who submitted it
 * ("Anonymous" for an anonymous report) for the committee.
 */
export function GrievanceRows({
  grievances,
  label,
  showStudent = false,
}: {
  grievances: readonly TGrievance[];
  label: string;
  showStudent?: boolean;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {grievances.map((g) => {
        const waitsOn = g.status === 'Appealed' ? (g.appeal?.dueAt ?? g.dueAt) : g.dueAt;
        const open = g.status === 'Submitted' || g.status === 'Hearing scheduled' || g.status === 'Appealed';
        return (
          <li key={g.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
            <span className="min-w-0">
              <Link
                to={grievancePath(g.id)}
                className="font-mono font-medium break-all text-brand-700 underline-offset-2 hover:underline"
              >
                {g.number}
              </Link>
              <span className="block break-words text-slate-900">{g.subject}</span>
              <span className="block text-xs text-slate-600">
                {g.category}
                {showStudent ? ` · ${g.student ? g.student.name : 'Anonymous'}` : ''}
                {g.committee === 'sgrc' && g.status === 'Appealed' && showStudent
                  ? ` · ${COMMITTEE_NAMES.ombudsperson}`
                  : ''}
              </span>
            </span>
            <span className="flex flex-col items-end gap-1 text-right">
              <GrievanceStatus status={g.status} />
              {open && (
                <span
                  className={`text-xs ${isGrievanceOverdue(g) ? 'font-semibold text-status-other' : 'text-slate-600'}`}
                >
                  {isGrievanceOverdue(g) ? 'Overdue since ' : 'Due by '}
                  <DateTime iso={waitsOn} />
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
