import { ComplaintStatus } from '../../features/complaints/components/complaint-status';

export function Component() {
  return <ComplaintStatus />;
}
