import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { IncidentsList } from '../../features/incidents/components/incidents-list';
import { AwaitingApproval, INCIDENTS_OPEN } from '../layout/awaiting-approval';

export function Component() {
  const user = useSignedInUser();
  if (user.role === 'authority' && !user.approved)
    return <AwaitingApproval title="Incidents" opens={INCIDENTS_OPEN} />;
  // an approved authority declares in their scope, an admin anywhere (CONTRACT 6.1; issue 51)
  return <IncidentsList declare={{ admin: user.role === 'admin', hostelNo: user.hostelNo ?? null }} />;
}
