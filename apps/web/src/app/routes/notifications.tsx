import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { NotificationsManager } from '../../features/notifications/components/notifications-manager';

export function Component() {
  const user = useSignedInUser();
  return <NotificationsManager user={user} />;
}
