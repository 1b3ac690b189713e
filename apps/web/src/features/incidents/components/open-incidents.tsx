import { incidentPlace, MSG_INCIDENT, type TOpenIncident } from '@bit/contract';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useOpenIncidents } from '../api/get-open-incidents';
import { JoinIncident } from './join-incident';

function IncidentLines({ incidents }: { incidents: TOpenIncident[] }) {
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {incidents.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
          <span className="min-w-0 break-words text-slate-900">
            <span className="font-medium">{i.title}</span>
            <span className="text-slate-600">
              {' '}
              · {MSG_INCIDENT.openLine(i.subType, incidentPlace(i), i.affected)}
            </span>
          </span>
          <StatusBadge status={i.status} />
          <div className="w-full">
            <JoinIncident incident={i} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The student dashboard's known problems (CONTRACT 6.1): the open incidents of the student's profile
 * hostel and of the college; nothing at all when there are none. A dashboard opened with the session
 * cookie has this card in its shell already, drawn by the server with the same texts and sizes
 * (apps/server: plugins/app/dashboard-views.ts; its paragraph is the page's largest paint).
 */
export function OpenIncidents({ hostelNo }: { hostelNo: number | null }) {
  const hostel = useOpenIncidents({ type: 'Hostel', hostelNo: hostelNo ?? undefined }, hostelNo !== null);
  const college = useOpenIncidents({ type: 'College' });
  const incidents = [...(hostelNo !== null ? (hostel.data ?? []) : []), ...(college.data ?? [])];
  if (incidents.length === 0) return null;
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900" id="known-problems">
        {MSG_INCIDENT.knownProblems}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{MSG_INCIDENT.knownProblemsIntro}</p>
      <IncidentLines incidents={incidents} />
    </Card>
  );
}
