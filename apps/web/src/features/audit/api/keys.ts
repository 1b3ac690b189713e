import type { TAuditFilters } from './get-audit';

/** Every audit log query key starts here. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: TAuditFilters) => ['audit', 'list', filters] as const,
};
