import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { StudentDashboard } from '../../features/complaints/components/student-dashboard';

export function Component() {
  const user = useSignedInUser();
  return <StudentDashboard user={user} />;
}
