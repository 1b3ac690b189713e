import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { ApprovalNotice } from '../../features/complaints/components/authority-dashboard';
import { useDocumentTitle } from '../../hooks/use-document-title';

/**
 * A screen that opens with an authority's approval (incidents, QR stickers), for one still awaiting it:
 * its heading and why it waits, as Manage Complaints says it, instead of the server's 403 in red or a
 * form that cannot work (issue 51 row 11).
 */
export function AwaitingApproval({ title, opens }: { title: string; opens: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <ApprovalNotice />
      <p className="mt-4 text-slate-700">{opens}</p>
      <LinkButton to={paths.authorityDashboard} variant="secondary" className="mt-4">
        Go to your dashboard
      </LinkButton>
    </section>
  );
}

export const INCIDENTS_OPEN = 'Incidents open once your account is approved.';
export const STICKERS_OPEN = 'QR stickers open once your account is approved.';
