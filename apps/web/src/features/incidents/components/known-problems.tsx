import { complaintStatusPath, MSG, MSG_INCIDENT, type TComplaintType } from '@bit/contract';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useOpenIncidents } from '../api/get-open-incidents';
import { useJoinIncident } from '../api/join-incident';

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
 * open incidents of that choice (CONTRACT 6.1), each with a one-tap "This is my problem too" that
 * files a complaint of their own, linked, and opens its page.
 */
export function KnownProblems({ choice }: { choice: TFilingChoice }) {
  const navigate = useNavigate();
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
  const join = useJoinIncident();
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
            <Button
              variant="secondary"
              disabled={join.isPending}
              aria-label={`${MSG_INCIDENT.joinButton}: ${incident.title}`}
              onClick={() =>
                join
                  .mutateAsync({
                    id: incident.id,
                    body: {
                      roomNo: choice.type === 'Hostel' && choice.roomNo.trim() ? choice.roomNo.trim() : null,
                      description: choice.description.trim() ? choice.description : null,
                    },
                  })
                  .then(
                    ({ token }) => {
                      toast.success(MSG.complaintFiled(token));
                      navigate(complaintStatusPath(token));
                    },
                    (error) => toast.error(errorMessage(error, MSG.fileFailed)),
                  )
              }
            >
              {MSG_INCIDENT.joinButton}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
