import { ManageAuthorities } from '../../features/authorities/components/manage-authorities';

export function Component() {
  return <ManageAuthorities />;
}
