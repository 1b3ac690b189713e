import { SHELL_HEADINGS } from '../../config/headings';
import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { DeskFiling } from '../../features/desk/components/desk-filing';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AwaitingApproval } from '../layout/awaiting-approval';

export const NOT_DESK_STAFF =
  'Filing at the desk is done by administrators, and by the Hostel Clerk of a hostel for its complaints.';
export const DESK_OPEN = 'Filing at the desk opens once your account is approved.';

function NotDeskStaff() {
  useDocumentTitle(SHELL_HEADINGS.deskFiling);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.deskFiling}</h1>
      <p className="mt-4 text-slate-700">{NOT_DESK_STAFF}</p>
    </section>
  );
}

/** CONTRACT 7.5: who works the desk is the server's policy (mayWorkTheDesk); this page follows it. */
export function Component() {
  const user = useSignedInUser();
  if (user.role === 'admin') return <DeskFiling hostelNo={null} />;
  if (!user.approved) return <AwaitingApproval title={SHELL_HEADINGS.deskFiling} opens={DESK_OPEN} />;
  if (user.designation === 'Hostel Clerk' && user.hostelNo !== null)
    return <DeskFiling hostelNo={user.hostelNo} />;
  return <NotDeskStaff />;
}
