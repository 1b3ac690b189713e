import { useParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { GrievancePage } from '../../features/grievances/components/grievance-page';

export function Component() {
  const user = useSignedInUser();
  const id = Number(useParams().id);
  // its student, or a member of the committee that hears it (the server answers 404 to anyone else)
  return <GrievancePage key={id} id={id} user={user} />;
}
