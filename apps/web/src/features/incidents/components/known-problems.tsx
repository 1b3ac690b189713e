import { MSG_INCIDENT, type TComplaintType } from '@bit/contract';
import { useOpenIncidents } from '../api/get-open-incidents';
import { JoinIncident } from './join-incident';

/** What the student has picked on the filing form so far. */
export type TFilingChoice = {
  type: TComplaintType;
  hostelNo: string;
  roomNo: string;
  subType: string;
  description: string;
};

/**
 * On the filing form, once the student has picked the hostel and problem (or the department): the
 * open incidents of that choice (CONTRACT 6.1), each with "This is my problem too" (what it files said
 * first), or the student's own complaint of it when they reported it already.
 */
export function KnownProblems({ choice }: { choice: TFilingChoice }) {
  const hostelNo = Number(choice.hostelNo);
  const ready =
    choice.subType !== '' && (choice.type === 'College' || (Number.isInteger(hostelNo) && hostelNo >= 1));
  const query = useOpenIncidents(
    {
      type: choice.type,
      hostelNo: choice.type === 'Hostel' && ready ? hostelNo : undefined,
      subType: choice.subType || undefined,
    },
    ready,
  );
  const incidents = ready ? (query.data ?? []) : [];
  if (incidents.length === 0) return null;
  return (
    <section
      aria-label="Known problems"
      className="rounded-lg border border-status-progress/30 bg-status-progress-bg p-4 text-sm"
    >
      <ul className="space-y-3">
        {incidents.map((incident) => (
          <li key={incident.id} className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 break-words text-slate-900">
              {MSG_INCIDENT.knownProblem(incident.title, incident.status, incident.affected)}
            </p>
            <JoinIncident
              incident={incident}
              roomNo={choice.type === 'Hostel' ? choice.roomNo : null}
              description={choice.description}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
