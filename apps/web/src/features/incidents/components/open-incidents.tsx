import { MSG_INCIDENT, type TOpenIncident } from '@bit/contract';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useOpenIncidents } from '../api/get-open-incidents';
import { JoinIncident } from './join-incident';
import { incidentPlace } from './place';

function IncidentLines({ incidents }: { incidents: TOpenIncident[] }) {
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {incidents.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
          <span className="min-w-0 break-words text-slate-900">
            <span className="font-medium">{i.title}</span>
            <span className="text-slate-600">
              {' '}
              · {i.subType} in {incidentPlace(i)} · {i.affected} affected
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
 * hostel and of the college; nothing at all when there are none.
 */
export function OpenIncidents({ hostelNo }: { hostelNo: number | null }) {
  const hostel = useOpenIncidents({ type: 'Hostel', hostelNo: hostelNo ?? undefined }, hostelNo !== null);
  const college = useOpenIncidents({ type: 'College' });
  const incidents = [...(hostelNo !== null ? (hostel.data ?? []) : []), ...(college.data ?? [])];
  if (incidents.length === 0) return null;
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900" id="known-problems">
        Known problems
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Already reported and being handled. Yours too? Choose “{MSG_INCIDENT.joinButton}” to file a linked
        complaint and hear of every update.
      </p>
      <IncidentLines incidents={incidents} />
    </Card>
  );
}
