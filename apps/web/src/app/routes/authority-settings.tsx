import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { AuthoritySettings } from '../../features/settings/components/authority-settings';
import { NotificationSettings } from '../notification-settings';

export function Component() {
  const user = useSignedInUser();
  return (
    <>
      <AuthoritySettings twoFactor={user.twoFactor} />
      <NotificationSettings />
    </>
  );
}
