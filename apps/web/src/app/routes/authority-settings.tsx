import { AuthoritySettings } from '../../features/settings/components/authority-settings';

export function Component() {
  return <AuthoritySettings />;
}
