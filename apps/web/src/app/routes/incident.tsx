import { useParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { IncidentPage } from '../../features/incidents/components/incident-page';

export function Component() {
  const user = useSignedInUser();
  const id = Number(useParams().id);
  // an admin sees incidents and changes no status (CONTRACT 6.1)
  return <IncidentPage key={id} id={id} canUpdate={user.role === 'authority' && user.approved} />;
}
