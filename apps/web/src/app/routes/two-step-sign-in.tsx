import { useAuth, useSignedInUser } from '../../features/auth/components/auth-provider';
import { TwoStepSignIn } from '../../features/two-factor/components/two-step-sign-in';
import { NotificationSettings } from '../notification-settings';

export function Component() {
  const user = useSignedInUser();
  const { updateUser } = useAuth();
  // the session learns at once, so ADMIN_2FA=required lets the admin on (protected-route.tsx)
  return (
    <>
      <TwoStepSignIn onChange={(on) => updateUser({ ...user, twoFactor: on })} />
      {/* an admin's only page of their own: where their notifications are set too (CONTRACT 6.3) */}
      {user.role === 'admin' && <NotificationSettings />}
    </>
  );
}
