/**
 * The audit log's filters as the URL holds them ('' for "any"): an action, days of the server's
 * TIME_ZONE (both included), a part of a name or email (`who`), a user id (`actor`, an actor's link);
 * `before` as for the other newest-first lists.
 */
export type TAuditFilters = {
  action: string;
  from: string;
  to: string;
  who: string;
  actor: string;
  page: number;
  before?: number | undefined;
};

/** Every audit log query key starts here. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: TAuditFilters) => ['audit', 'list', filters] as const,
};
