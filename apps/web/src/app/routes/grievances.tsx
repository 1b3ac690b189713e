import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { GrievancesList } from '../../features/grievances/components/grievances-list';
import { AwaitingApproval } from '../layout/awaiting-approval';

export function Component() {
  const user = useSignedInUser();
  // a committee's members are approved authorities (CONTRACT 7.2); the list says so to one on none
  if (!user.approved)
    return (
      <AwaitingApproval
        title="Grievances"
        opens="Grievances open once your account is approved and the admin appoints you to a committee."
      />
    );
  return <GrievancesList />;
}
