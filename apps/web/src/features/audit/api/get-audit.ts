import { PAGE_SIZE_DEFAULT, type TAuditList } from '@bit/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditKeys, type TAuditFilters } from './keys';

export const AUDIT_PAGE_SIZE = PAGE_SIZE_DEFAULT;

const getAudit = (filters: TAuditFilters, signal?: AbortSignal) =>
  api.get<TAuditList>('/admin/audit', { query: { ...filters, pageSize: AUDIT_PAGE_SIZE }, signal });

export const auditQueryOptions = (filters: TAuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => getAudit(filters, signal),
    // the page before stays on screen while the next loads
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/audit (CONTRACT 6.5): a page of the audit log, newest first. */
export const useAudit = (filters: TAuditFilters) => useQuery(auditQueryOptions(filters));
