import type { TAdminListQuery, TComplaintPage } from '@bit/contract';
import type { Ctx } from '../../context';
import { counterScopeKey } from '../../policy/complaints';
import type { VisibleScope } from '../../policy/scope';
import { findSessionByHash, sessionOf } from '../accounts/sessions';
import { countFiledInPeriod, type Period, periodOf } from '../oversight/report-period';
import { statusCounts } from './counts';
import { adminPageWithSession } from './joined.queries';
import { canBeOverdue, countsOf, overdueOf } from './list-counts';
import {
  countOfMatched,
  fetchPage,
  filterOf,
  type ListFilter,
  NO_FILTER,
  narrowed,
  type PageFilter,
  page,
  pageArgs,
  searchOf,
  shapeOf,
  wordsOf,
} from './list-page';
import { countOverdueFiled, pageOrder } from './queries';
import { type ShownComplaint, toComplaint } from './rows';
import { matchingList } from './search';

/** The admin's list (CONTRACT 6.6: hostel, type, status, overdue, period, search, incident) and its count. */

/**
 * The admin's hostel or type filter as a page filter and its counter scope; null when the filters
 * match nothing (only Hostel complaints carry a hostel number).
 */
export function adminFilterOf(q: Pick<TAdminListQuery, 'hostelNo' | 'type'>): {
  filter: PageFilter;
  key: string;
} | null {
  if (q.hostelNo !== undefined && q.type === 'College') return null;
  if (q.hostelNo !== undefined) {
    // the admin's hostel filter is that hostel's scope
    const hostel: VisibleScope = { kind: 'hostel', hostelNo: q.hostelNo };
    return { filter: filterOf(hostel), key: counterScopeKey(hostel) as string };
  }
  if (q.type) return { filter: { by: 'type', value: q.type }, key: `type:${q.type}` };
  return { filter: NO_FILTER, key: 'all' };
}

/**
 * The admin's list filters (the list's and the export's): the status, overdue, the period of `from`
 * and `to` when either is given (the report's, periodOf), the search and the incident.
 */
export function adminListFilter(
  ctx: Ctx,
  q: Pick<TAdminListQuery, 'status' | 'overdue' | 'from' | 'to' | 'q' | 'incident'>,
): ListFilter & { period?: Period | undefined } {
  const period = q.from !== undefined || q.to !== undefined ? periodOf(ctx, q) : undefined;
  return { status: q.status, overdue: q.overdue, period, search: searchOf(q.q), incident: q.incident };
}

/**
 * How many complaints a filtered admin list holds. Without a period: the counters (overdue: the open
 * ones less those not due yet). With one: the rollup's count of the period's filings as the report
 * makes it (countFiledInPeriod), or, with overdue, a range of the open complaints filed then.
 */
async function adminListCount(
  ctx: Ctx,
  q: TAdminListQuery,
  chosen: { filter: PageFilter; key: string },
  list: ListFilter & { period?: Period | undefined },
  now: number,
): Promise<number> {
  const { filter, key } = chosen;
  const { period } = list;
  if (period && !q.overdue)
    return countFiledInPeriod(ctx, period, { type: q.type, hostelNo: q.hostelNo, status: q.status });
  if (period) {
    if (!canBeOverdue(q.status)) return 0;
    const [row] = await countOverdueFiled(
      ctx.database,
      { by: filter.by, status: q.status !== undefined },
      { value: filter.value, status: q.status ?? 'Pending', now, start: period.start, end: period.end },
    );
    return Number(row?.n ?? 0);
  }
  // overdue changes with the clock: the open counters less those not due yet
  const counts = await countsOf(
    ctx,
    filter,
    key,
    { notDue: q.overdue === true && q.status === undefined, status: q.overdue ? q.status : undefined },
    now,
  );
  return adminCount(q, key, counts.counters, q.status ? counts.notDueInStatus : counts.notDue);
}

export async function listAdminComplaints(ctx: Ctx, q: TAdminListQuery): Promise<TComplaintPage> {
  const chosen = adminFilterOf(q);
  if (!chosen) return page([], 0, q);
  const now = ctx.clock.now();
  const list = adminListFilter(ctx, q);
  if (narrowed(list)) {
    const matched = await matchingList(ctx, { ...chosen.filter, ...list }, wordsOf(list), q, now);
    return {
      ...page(
        matched.rows.map((r) => toComplaint(r, now)),
        matched.count,
        q,
      ),
      ...countOfMatched(matched),
    };
  }
  const [rows, count] = await Promise.all([
    fetchPage(ctx, chosen.filter, list, q, now),
    adminListCount(ctx, q, chosen, list, now),
  ]);
  return page(
    rows.map((r) => toComplaint(r, now)),
    count,
    q,
  );
}

function adminCount(q: TAdminListQuery, key: string, counters: Record<string, number>, notDue: number) {
  return q.overdue
    ? overdueOf(counters, key, q.status, notDue)
    : q.status
      ? (counters[`c:${key}:${q.status}`] ?? 0)
      : statusCounts(counters, key).total;
}

/**
 * listAdminComplaints with the session check in the same statement (PostgreSQL: one round trip,
 * decision 0019). `session` is null when the token's session is not live.
 */
export async function listAdminComplaintsWithSession(ctx: Ctx, tokenHash: string, q: TAdminListQuery) {
  const chosen = adminFilterOf(q);
  // a period's count comes from the rollup (countFiledInPeriod): the session first, then the list's
  // own statements, as for a filter that matches nothing
  // so does a search (its count is of what it matches), and an incident's complaints
  if (
    !chosen ||
    q.from !== undefined ||
    q.to !== undefined ||
    q.q !== undefined ||
    q.incident !== undefined
  ) {
    const session = await findSessionByHash(ctx, tokenHash);
    return {
      session,
      answer: async () => (chosen ? listAdminComplaints(ctx, q) : (page([], 0, q) as TComplaintPage)),
    };
  }
  const { filter, key } = chosen;
  const now = ctx.clock.now();
  const [row] = await adminPageWithSession(
    ctx.database,
    {
      ...shapeOf(filter, q, q),
      notDue: q.overdue === true && canBeOverdue(q.status),
      pageSize: q.pageSize,
      atStart: q.before !== undefined || q.page === 1,
    },
    { tokenHash, counterScope: key, ...pageArgs(filter, q, q, now) },
  );
  if (!row) return { session: null, answer: () => Promise.reject(new Error('no session')) };
  const { rows, counters, not_due, ...sessionRow } = row;
  // the rows come in id order; an overdue page's order is its due times'
  const ordered = ((rows ?? []) as ShownComplaint[]).sort(pageOrder(shapeOf(filter, q, q)));
  return {
    session: sessionOf(sessionRow),
    answer: async (): Promise<TComplaintPage> =>
      page(
        ordered.map((r) => toComplaint(r, now)),
        adminCount(q, key, counters ?? {}, Number(not_due)),
        q,
      ),
  };
}
