import { ViewComplaints } from '../../features/complaints/components/view-complaints';

export function Component() {
  return <ViewComplaints />;
}
