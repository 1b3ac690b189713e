import { filingFromAddress } from '@bit/contract';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { FileComplaintForm } from '../../features/complaints/components/file-complaint-form';
import { KnownProblems } from '../../features/incidents/components/known-problems';

export function Component() {
  const { hostelNo, roomNo } = useSignedInUser();
  // a QR sticker's address (CONTRACT 6.4) fills where the problem is; signing in on the way keeps it
  const [search] = useSearchParams();
  // the open incidents of what is being filed, with "This is my problem too" (CONTRACT 6.1)
  return (
    <FileComplaintForm
      profile={{ hostelNo, roomNo }}
      address={filingFromAddress(search)}
      aside={(values) => <KnownProblems choice={values} />}
    />
  );
}
