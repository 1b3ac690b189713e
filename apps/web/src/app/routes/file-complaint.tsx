import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { FileComplaintForm } from '../../features/complaints/components/file-complaint-form';

export function Component() {
  const { hostelNo, roomNo } = useSignedInUser();
  return <FileComplaintForm profile={{ hostelNo, roomNo }} />;
}
