import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { StudentDashboard } from '../../features/complaints/components/student-dashboard';
import { OpenIncidents } from '../../features/incidents/components/open-incidents';

export function Component() {
  const user = useSignedInUser();
  return (
    <StudentDashboard user={user}>
      <OpenIncidents hostelNo={user.hostelNo} />
    </StudentDashboard>
  );
}
