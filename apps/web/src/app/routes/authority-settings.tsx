import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { AuthoritySettings } from '../../features/settings/components/authority-settings';
import { NotificationSettings } from '../notification-settings';

export function Component() {
  const user = useSignedInUser();
  return (
    <>
      <AuthoritySettings twoFactor={user.twoFactor} />
      {/* the email and alerts switches are in the settings' own card, with how often (issue 51 row 13) */}
      <NotificationSettings channels={false} />
    </>
  );
}
