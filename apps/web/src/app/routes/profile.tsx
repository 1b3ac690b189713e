import { useAuth, useSignedInUser } from '../../features/auth/components/auth-provider';
import { StudentProfile } from '../../features/settings/components/student-profile';
import { NotificationSettings } from '../notification-settings';

export function Component() {
  const user = useSignedInUser();
  const { updateUser } = useAuth();
  return (
    <>
      <StudentProfile user={user} onSaved={updateUser} />
      <NotificationSettings />
    </>
  );
}
