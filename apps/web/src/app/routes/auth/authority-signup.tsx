import { AuthoritySignupForm } from '../../../features/auth/components/authority-signup-form';

export function Component() {
  return <AuthoritySignupForm />;
}
