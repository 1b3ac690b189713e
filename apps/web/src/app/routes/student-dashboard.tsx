import type { TOpenIncident } from '@bit/contract';
import { useQuery } from '@tanstack/react-query';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { StudentDashboard } from '../../features/complaints/components/student-dashboard';
import { MyGrievances } from '../../features/grievances/components/my-grievances';
import { openIncidentsQueryOptions } from '../../features/incidents/api/get-open-incidents';
import type { TOpenIncidentsFilter } from '../../features/incidents/api/keys';
import { OpenIncidents } from '../../features/incidents/components/open-incidents';
import { pageAnswer } from '../../lib/api-client';

/**
 * The known problems' query as OpenIncidents asks it (the same key: one cache entry), started here with
 * the list's and, in a page loaded with the session cookie, answered on the first render from the
 * page's first data (lib/api-client.ts, as the status page's complaint is), so that the dashboard draws
 * them at once above the list instead of pushing it down a moment later (issue 51 row 23). Whether it
 * is still being asked: offline (paused) it is not waited for.
 */
function useKnownProblemsPending(filter: TOpenIncidentsFilter, enabled = true) {
  const query = useQuery({
    ...openIncidentsQueryOptions(filter),
    enabled,
    initialData: () =>
      pageAnswer<{ data: TOpenIncident[] }>('/incidents/open', {
        type: filter.type,
        hostelNo: filter.hostelNo,
        subType: filter.subType,
      }),
  });
  return enabled && query.isPending && query.fetchStatus === 'fetching';
}

export function Component() {
  const user = useSignedInUser();
  const hostelPending = useKnownProblemsPending(
    { type: 'Hostel', hostelNo: user.hostelNo ?? undefined },
    user.hostelNo !== null,
  );
  const collegePending = useKnownProblemsPending({ type: 'College' });
  // the known problems near the top, each joinable from there (issue 51)
  return (
    <StudentDashboard
      user={user}
      aside={<OpenIncidents hostelNo={user.hostelNo} />}
      asidePending={hostelPending || collegePending}
    >
      {/* CONTRACT 7.2: their grievances, under the complaints */}
      <MyGrievances />
    </StudentDashboard>
  );
}
