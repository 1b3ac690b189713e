import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { ComplaintStatus } from '../../features/complaints/components/complaint-status';

export function Component() {
  const user = useSignedInUser();
  return <ComplaintStatus user={user} />;
}
