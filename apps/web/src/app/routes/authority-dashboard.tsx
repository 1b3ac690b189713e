import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { AuthorityDashboard } from '../../features/complaints/components/authority-dashboard';

export function Component() {
  const user = useSignedInUser();
  return <AuthorityDashboard user={user} />;
}
