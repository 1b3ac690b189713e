import { AuditLog } from '../../features/audit/components/audit-log';

export function Component() {
  return <AuditLog />;
}
