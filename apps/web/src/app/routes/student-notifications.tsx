import { useAuth } from '../../features/auth/components/auth-provider';
import { StudentNotifications } from '../../features/notifications/components/student-notifications';

export function Component() {
  const { user } = useAuth();
  return <StudentNotifications userHostel={user?.hostelNo ?? null} />;
}
