/**
 * The audit log's filters as the URL holds them ('' for "any"): an action, days of the server's
 * TIME_ZONE (both included), a user id; `before` as for the other newest-first lists.
 */
export type TAuditFilters = {
  action: string;
  from: string;
  to: string;
  actor: string;
  page: number;
  before?: number | undefined;
};

/** Every audit log query key starts here. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: TAuditFilters) => ['audit', 'list', filters] as const,
};
