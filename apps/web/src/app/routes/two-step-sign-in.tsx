import { useAuth, useSignedInUser } from '../../features/auth/components/auth-provider';
import { TwoStepSignIn } from '../../features/two-factor/components/two-step-sign-in';

export function Component() {
  const user = useSignedInUser();
  const { updateUser } = useAuth();
  // the session learns at once, so ADMIN_2FA=required lets the admin on (protected-route.tsx); the
  // admin's email and alerts are on their Settings page (/admin-settings), not here (issue 51 row 12)
  return <TwoStepSignIn onChange={(on) => updateUser({ ...user, twoFactor: on })} />;
}
