import { useAuth } from '../../features/auth/components/auth-provider';
import { GrievanceRedressal } from '../../features/grievances/components/grievance-redressal';

export function Component() {
  const { user } = useAuth();
  return (
    <GrievanceRedressal signedIn={user !== null && user !== undefined} student={user?.role === 'student'} />
  );
}
