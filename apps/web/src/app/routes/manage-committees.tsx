import { ManageCommittees } from '../../features/grievances/components/manage-committees';

export function Component() {
  return <ManageCommittees />;
}
