import { FileComplaintForm } from '../../features/complaints/components/file-complaint-form';

export function Component() {
  return <FileComplaintForm />;
}
