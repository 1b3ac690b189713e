import { StudentSignupForm } from '../../../features/auth/components/student-signup-form';

export function Component() {
  return <StudentSignupForm />;
}
