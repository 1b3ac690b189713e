import { Reports } from '../../features/reports/components/reports';

export function Component() {
  return <Reports />;
}
