import type { TUser } from '@bit/contract';
import { Card } from '../../../components/ui/card';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { TwoStepCard } from './two-step-card';

/**
 * /admin-settings, the admin's page of their own (issue 51 row 12): who they are signed in as and
 * whether their sign-in asks for a code; the route adds their email and alerts (CONTRACT 6.3), which
 * used to sit on the two-step page.
 */
export function AdminSettings({ user }: { user: Pick<TUser, 'name' | 'email'> & { twoFactor?: boolean } }) {
  useDocumentTitle(SHELL_HEADINGS.adminSettings);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 pt-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.adminSettings}</h1>
      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">Your account</h2>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-600">Name</dt>
          <dd className="text-slate-900">{user.name}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{user.email}</dd>
        </dl>
      </Card>
      <TwoStepCard forRole="admin" on={user.twoFactor === true} />
    </section>
  );
}
