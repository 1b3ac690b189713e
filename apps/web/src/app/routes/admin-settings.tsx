import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { AdminSettings } from '../../features/settings/components/admin-settings';
import { NotificationSettings } from '../notification-settings';

/** The admin's settings: their account, two-step sign-in's state, and their email and alerts. */
export function Component() {
  const user = useSignedInUser();
  return (
    <>
      <AdminSettings user={user} />
      <NotificationSettings />
    </>
  );
}
