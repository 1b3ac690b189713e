import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { AuthorityDashboard } from '../../features/complaints/components/authority-dashboard';
import { IncidentGroups } from '../../features/incidents/components/incident-groups';

export function Component() {
  const user = useSignedInUser();
  return (
    <AuthorityDashboard user={user}>
      <IncidentGroups enabled={user.approved} />
    </AuthorityDashboard>
  );
}
