import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { ManageComplaints } from '../../features/complaints/components/manage-complaints';

export function Component() {
  const user = useSignedInUser();
  return <ManageComplaints user={user} />;
}
