import { filingFromAddress } from '@bit/contract';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { FileComplaintForm } from '../../features/complaints/components/file-complaint-form';

export function Component() {
  const { hostelNo, roomNo } = useSignedInUser();
  // a QR sticker's address (CONTRACT 6.4) fills where the problem is; signing in on the way keeps it
  const [search] = useSearchParams();
  return <FileComplaintForm profile={{ hostelNo, roomNo }} address={filingFromAddress(search)} />;
}
