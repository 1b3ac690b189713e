import { MSG_SECURITY, type TRole } from '@bit/contract';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';

/**
 * On a settings page: whether sign-in asks for a code (CONTRACT 6.5), and the way to the page that
 * sets it up or turns it off. An authority chooses it; an admin's is there to be managed.
 */
export function TwoStepCard({ forRole, on }: { forRole: Exclude<TRole, 'student'>; on: boolean }) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">Two-step sign-in</h2>
      {forRole === 'authority' && (
        <p className="mt-1 text-sm text-slate-600">{MSG_SECURITY.authorityChoice}</p>
      )}
      <p className="mt-3 text-sm font-medium text-slate-900">
        {on ? MSG_SECURITY.twoFactorOn : MSG_SECURITY.twoFactorOff}
      </p>
      <LinkButton to={paths.twoStepSignIn} variant="secondary" className="mt-4">
        {on ? 'Manage two-step sign-in' : 'Set up two-step sign-in'}
      </LinkButton>
    </Card>
  );
}
