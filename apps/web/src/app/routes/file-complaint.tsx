import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { FileComplaintForm } from '../../features/complaints/components/file-complaint-form';
import { KnownProblems } from '../../features/incidents/components/known-problems';

export function Component() {
  const { hostelNo, roomNo } = useSignedInUser();
  // the open incidents of what is being filed, with "This is my problem too" (CONTRACT 6.1)
  return (
    <FileComplaintForm profile={{ hostelNo, roomNo }} aside={(values) => <KnownProblems choice={values} />} />
  );
}
