import { useSearchParams } from 'react-router';
import { GrievanceForm } from '../../features/grievances/components/grievance-form';

export function Component() {
  // a complaint taken up from its status page (the contract's newGrievancePath)
  const [params] = useSearchParams();
  return <GrievanceForm complaintToken={(params.get('complaint') ?? '').slice(0, 40)} />;
}
