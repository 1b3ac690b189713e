import { AdminDashboard } from '../../features/admin-dashboard/components/admin-dashboard';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { CommitteesWarning } from '../../features/grievances/components/committees-warning';

export function Component() {
  const user = useSignedInUser();
  // CONTRACT 7.2: the dashboard says which committee has no members
  return <AdminDashboard user={user} notices={<CommitteesWarning />} />;
}
