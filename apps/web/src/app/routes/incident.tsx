import { useParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { IncidentPage } from '../../features/incidents/components/incident-page';
import { AwaitingApproval, INCIDENTS_OPEN } from '../layout/awaiting-approval';

export function Component() {
  const user = useSignedInUser();
  const id = Number(useParams().id);
  if (user.role === 'authority' && !user.approved)
    return <AwaitingApproval title="Incidents" opens={INCIDENTS_OPEN} />;
  const approved = user.role === 'authority' && user.approved;
  // an admin sees, declares and links incidents and changes no status (CONTRACT 6.1)
  return (
    <IncidentPage
      key={id}
      id={id}
      canUpdate={approved}
      canLink={approved || user.role === 'admin'}
      admin={user.role === 'admin'}
    />
  );
}
