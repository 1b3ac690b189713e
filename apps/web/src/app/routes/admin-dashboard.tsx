import { AdminDashboard } from '../../features/admin-dashboard/components/admin-dashboard';
import { useSignedInUser } from '../../features/auth/components/auth-provider';

export function Component() {
  const user = useSignedInUser();
  return <AdminDashboard user={user} />;
}
