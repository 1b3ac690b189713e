import { HOSTEL_DESIGNATIONS, type TDesignation } from '@bit/contract';
import { SHELL_HEADINGS } from '../../config/headings';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { StickersForm } from '../../features/stickers/components/stickers-form';
import { AwaitingApproval, STICKERS_OPEN } from '../layout/awaiting-approval';

export const NOT_STICKER_STAFF =
  'QR stickers are made by administrators, and by the Hostel Clerk and Warden of a hostel for its rooms.';

export function Component() {
  const user = useSignedInUser();
  if (user.role === 'admin') return <StickersForm hostelNo={null} college />;
  if (!user.approved) return <AwaitingApproval title={SHELL_HEADINGS.stickers} opens={STICKERS_OPEN} />;
  const staff = HOSTEL_DESIGNATIONS.includes(user.designation as TDesignation) && user.hostelNo !== null;
  if (staff) return <StickersForm hostelNo={user.hostelNo} college={false} />;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.stickers}</h1>
      <p className="mt-4 text-slate-700">{NOT_STICKER_STAFF}</p>
    </section>
  );
}
