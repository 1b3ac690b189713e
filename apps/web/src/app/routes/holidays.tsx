import { ManageHolidays } from '../../features/grievances/components/manage-holidays';

export function Component() {
  return <ManageHolidays />;
}
