import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { ComplaintStatus } from '../../features/complaints/components/complaint-status';
import { TakeToCommittee } from '../../features/grievances/components/take-to-committee';
import { replyPickerFor } from '../reply-picker-slot';

export function Component() {
  const user = useSignedInUser();
  return (
    <ComplaintStatus
      user={user}
      replyPicker={replyPickerFor(user)}
      // CONTRACT 7.2: the student's own complaint, not resolved to their satisfaction, to the SGRC
      aside={user.role === 'student' ? (complaint) => <TakeToCommittee complaint={complaint} /> : undefined}
    />
  );
}
