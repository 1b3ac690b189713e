import type {
  TAdminListQuery,
  TAuthorityComplaintPage,
  TComplaintPage,
  TComplaintStatus,
  TPageQuery,
} from '@bit/contract';
import type { Ctx } from '../../context';
import {
  complaintScope,
  counterScopeKey,
  type Scope,
  scopeCondition,
  scopeValue,
  type VisibleScope,
} from '../../policy/scope';
import { readCounters } from '../counters';
import type { UserRow } from '../users';
import { statusCounts, statusKeys } from './counts';
import { countInScope, type PageShape, pageIds, rowsByIds } from './queries';
import { type ComplaintRow, toComplaint } from './rows';

function page<T>(rows: T[], count: number, q: TPageQuery) {
  return { count, page: q.page, pageSize: q.pageSize, data: rows };
}

type PageFilter = { by: PageShape['by']; value: number | string };

/**
 * One page of complaints, newest first. The page's ids come from the filter's index alone (every
 * index ends in id, so skipping OFFSET rows never touches the table), then only those rows are read.
 */
async function fetchPage(
  ctx: Ctx,
  filter: PageFilter,
  status: TComplaintStatus | undefined,
  q: TPageQuery,
): Promise<ComplaintRow[]> {
  const keyset = q.before !== undefined;
  const ids = await pageIds(
    ctx.database,
    { by: filter.by, status: status !== undefined, keyset },
    // arguments the shape leaves out are not in its statement: any value of their type will do
    {
      value: filter.value,
      status: status ?? 'Pending',
      before: q.before ?? 0,
      limit: q.pageSize,
      offset: keyset ? 0 : (q.page - 1) * q.pageSize,
    },
  );
  if (ids.length === 0) return [];
  return rowsByIds(ctx.database, { ids: ids.map((r) => Number(r.id)) });
}

const NO_FILTER: PageFilter = { by: null, value: 0 };

function filterOf(scope: VisibleScope): PageFilter {
  const condition = scopeCondition(scope);
  return condition ? { by: condition.column, value: condition.value } : NO_FILTER;
}

async function pageRows(ctx: Ctx, scope: Scope, q: TPageQuery, status?: TComplaintStatus) {
  if (scope.kind === 'none') return [];
  return fetchPage(ctx, filterOf(scope), status, q);
}

export async function listStudentComplaints(
  ctx: Ctx,
  student: UserRow,
  q: TPageQuery,
): Promise<TComplaintPage> {
  const scope = complaintScope(student);
  if (scope.kind === 'none') return page([], 0, q);
  const [rows, [counted]] = await Promise.all([
    pageRows(ctx, scope, q),
    countInScope(ctx.database, scope.kind, { scope: scopeValue(scope) }),
  ]);
  return page(rows.map(toComplaint), Number(counted?.n ?? 0), q);
}

/** The authority's page and the counts over its whole scope; an unapproved one gets an empty page. */
export async function listAuthorityComplaints(
  ctx: Ctx,
  authority: UserRow,
  q: TPageQuery & { status?: TComplaintStatus | undefined },
): Promise<TAuthorityComplaintPage> {
  const scope = complaintScope(authority);
  const key = counterScopeKey(scope);
  if (!key) return { ...page([], 0, q), stats: statusCounts({}, null) };
  const [rows, counters] = await Promise.all([
    pageRows(ctx, scope, q, q.status),
    readCounters(ctx.database, statusKeys(key)),
  ]);
  const stats = statusCounts(counters, key);
  const count = q.status ? (counters[`c:${key}:${q.status}`] ?? 0) : stats.total;
  return { ...page(rows.map(toComplaint), count, q), stats };
}

export async function listAdminComplaints(ctx: Ctx, q: TAdminListQuery): Promise<TComplaintPage> {
  // only Hostel complaints carry a hostel number
  if (q.hostelNo !== undefined && q.type === 'College') return page([], 0, q);
  let filter = NO_FILTER;
  let key = 'all';
  if (q.hostelNo !== undefined) {
    // the admin's hostel filter is that hostel's scope
    const hostel: VisibleScope = { kind: 'hostel', hostelNo: q.hostelNo };
    filter = filterOf(hostel);
    key = counterScopeKey(hostel) as string;
  } else if (q.type) {
    filter = { by: 'type', value: q.type };
    key = `type:${q.type}`;
  }
  const [rows, counters] = await Promise.all([
    fetchPage(ctx, filter, q.status, q),
    readCounters(ctx.database, statusKeys(key)),
  ]);
  const count = q.status ? (counters[`c:${key}:${q.status}`] ?? 0) : statusCounts(counters, key).total;
  return page(rows.map(toComplaint), count, q);
}
