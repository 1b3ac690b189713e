import {
  isOpen,
  OPEN_STATUSES,
  type TAdminListQuery,
  type TAuthorityComplaintPage,
  type TAuthorityListQuery,
  type TComplaintPage,
  type TComplaintStatus,
  type TPageQuery,
  type TStudentListQuery,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { type SearchTerm, searchTerms } from '../../lib/search-text';
import {
  assigneeKey,
  complaintScope,
  counterScopeKey,
  type Scope,
  scopeCondition,
  scopeValue,
  type VisibleScope,
} from '../../policy/scope';
import { findSessionByHash, sessionOf } from '../accounts/sessions';
import type { UserRow } from '../accounts/users';
import { countFiledInPeriod, type Period, periodOf } from '../oversight/report';
import { statusCounts, statusKeys } from './counts';
import { adminPageWithSession } from './joined.queries';
import {
  ASSIGNED_KEY,
  countAssigned,
  countInScope,
  countOverdueFiled,
  NOT_DUE_IN_STATUS_KEY,
  NOT_DUE_KEY,
  type PageArgs,
  type PageShape,
  pageIds,
  pageOrder,
  ratingsOf,
  rowsByIds,
  scopeCounts,
} from './queries';
import { type ShownComplaint, toComplaint } from './rows';
import { type Matched, matchingList, matchingPage } from './search';

function page<T>(rows: T[], count: number, q: TPageQuery) {
  return { count, page: q.page, pageSize: q.pageSize, data: rows };
}

/** A narrowed list's count on its page: "more than count" said only when it is so. */
const countOfMatched = ({ count, countAtLeast }: Matched) =>
  countAtLeast ? { count, countAtLeast: true as const } : { count };

export type PageFilter = { by: PageShape['by']; value: number | string };

/**
 * The list's own filters besides the scope: a status, overdue only (CONTRACT 5.5), filed in a period
 * (the admin's from and to, CONTRACT 6.6), one incident's complaints (6.1) and a search (6.2).
 */
export type ListFilter = {
  status?: TComplaintStatus | undefined;
  overdue?: boolean | undefined;
  period?: Pick<Period, 'start' | 'end'> | undefined;
  /**
   * `q`'s words (CONTRACT 6.2): undefined, no search; null, a search with no word to look for, which
   * matches nothing.
   */
  search?: SearchTerm[] | null | undefined;
  incident?: number | undefined;
  /** only the complaints assigned to no one (CONTRACT 7.5: `assignee=none`) */
  unassigned?: boolean | undefined;
};

/**
 * A search or an incident narrows a list beyond what the counters and the page indexes by scope
 * answer: its pages and its count come from one query of every condition (search.ts).
 */
const narrowed = (list: ListFilter) =>
  list.search !== undefined || list.incident !== undefined || list.unassigned === true;

/** The words a narrowed list must match: none for an incident's list without `q`. */
const wordsOf = (list: ListFilter) => (list.search === undefined ? [] : list.search);

/** A list's `q` as its filter (ListFilter's `search`). */
export const searchOf = (q: string | undefined) => (q === undefined ? undefined : searchTerms(q));

const shapeOf = (filter: PageFilter, list: ListFilter, q: TPageQuery): PageShape => ({
  by: filter.by,
  status: list.status !== undefined,
  keyset: q.before !== undefined,
  overdue: list.overdue === true,
  period: list.period !== undefined,
});

/**
 * One page of complaints: newest first, or most overdue first (CONTRACT 6.6). The page's ids come
 * from one index alone (each ends in the list's order, so skipping OFFSET rows never touches the
 * table), then only those rows are read, and put in the page's order.
 */
export async function fetchPage(
  ctx: Ctx,
  filter: PageFilter,
  list: ListFilter,
  q: TPageQuery,
  now: number,
): Promise<ShownComplaint[]> {
  if (narrowed(list)) return matchingPage(ctx, { ...filter, ...list }, wordsOf(list), q, now);
  const shape = shapeOf(filter, list, q);
  const ids = await pageIds(ctx.database, shape, pageArgs(filter, list, q, now));
  if (ids.length === 0) return [];
  const rows = await rowsByIds(ctx.database, { ids: ids.map((r) => Number(r.id)) });
  return shape.overdue || shape.period ? rows.sort(pageOrder(shape)) : rows;
}

// arguments the shape leaves out are not in its statement: any value of their type will do
function pageArgs(filter: PageFilter, { status, period }: ListFilter, q: TPageQuery, now: number): PageArgs {
  const keyset = q.before !== undefined;
  return {
    value: filter.value,
    status: status ?? 'Pending',
    before: q.before ?? 0,
    limit: q.pageSize,
    offset: keyset ? 0 : (q.page - 1) * q.pageSize,
    now,
    start: period?.start ?? 0,
    end: period?.end ?? 0,
  };
}

const NO_FILTER: PageFilter = { by: null, value: 0 };

function filterOf(scope: VisibleScope): PageFilter {
  const condition = scopeCondition(scope);
  return condition ? { by: condition.column, value: condition.value } : NO_FILTER;
}

async function pageRows(ctx: Ctx, scope: Scope, q: TPageQuery, filter: ListFilter, now: number) {
  if (scope.kind === 'none') return [];
  return fetchPage(ctx, filterOf(scope), filter, q, now);
}

/**
 * A list's counters (the four statuses of `key`) and its filter's open complaints not due yet, of
 * every open status (`notDue`) and of `status` alone (when given and open), in one statement.
 * Overdue complaints under a filter now are its open ones (counters) less those not due yet
 * (overdue changes with the clock, so it has no counter of its own): overdueOf, never below 0,
 * should a filing land between the two reads.
 */
async function countsOf(
  ctx: Ctx,
  filter: PageFilter,
  key: string,
  want: { notDue: boolean; status?: TComplaintStatus | undefined; assignee?: number | undefined },
  now: number,
) {
  const inStatus = want.status !== undefined && isOpen(want.status);
  const assigned = want.assignee !== undefined;
  const rows = await scopeCounts(
    ctx.database,
    { by: filter.by, notDue: want.notDue, inStatus, ...(assigned ? { assigned } : {}) },
    {
      keys: statusKeys(key),
      value: filter.value,
      status: want.status ?? 'Pending',
      now,
      assignee: want.assignee ?? 0,
    },
  );
  const counters: Record<string, number> = {};
  for (const r of rows) counters[r.key] = Number(r.value);
  return {
    counters,
    notDue: counters[NOT_DUE_KEY] ?? 0,
    notDueInStatus: counters[NOT_DUE_IN_STATUS_KEY] ?? 0,
    assigned: counters[ASSIGNED_KEY] ?? 0,
  };
}

export function overdueOf(
  counters: Record<string, number>,
  key: string,
  status: TComplaintStatus | undefined,
  notDue: number,
) {
  const statuses: readonly TComplaintStatus[] = status ? [status] : OPEN_STATUSES;
  if (!statuses.every(isOpen)) return 0;
  const open = statuses.reduce((sum, s) => sum + (counters[`c:${key}:${s}`] ?? 0), 0);
  return Math.max(0, open - notDue);
}

export async function listStudentComplaints(
  ctx: Ctx,
  student: UserRow,
  q: TStudentListQuery,
): Promise<TComplaintPage> {
  const scope = complaintScope(student);
  if (scope.kind === 'none') return page([], 0, q);
  const now = ctx.clock.now();
  const search = searchOf(q.q);
  const [rows, counted] =
    search !== undefined
      ? await matchingList(ctx, filterOf(scope), search, q, now).then(
          (m) => [m.rows, countOfMatched(m)] as const,
        )
      : await Promise.all([
          pageRows(ctx, scope, q, {}, now),
          countInScope(ctx.database, scope.kind, { scope: scopeValue(scope) }).then(([r]) => ({
            count: Number(r?.n ?? 0),
          })),
        ]);
  // the student's own ratings, so the list offers "Rate this resolution" or shows the rating given
  const ratings = await ratingsByComplaint(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  return {
    ...page(
      // added to each complaint's object, not spread into a new one (lookup.ts says why)
      rows.map((r) => Object.assign(toComplaint(r, now), { rating: ratings.get(Number(r.id)) ?? null })),
      counted.count,
      q,
    ),
    ...counted,
  };
}

/** The ratings given to these complaints, by complaint id (one index lookup per id). */
export async function ratingsByComplaint(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ratingsOf(ctx.database, { ids });
  return new Map(rows.map((r) => [Number(r.complaint_id), Number(r.rating)]));
}

/** The authority's page and the counts over its whole scope; an unapproved one gets an empty page. */
export async function listAuthorityComplaints(
  ctx: Ctx,
  authority: UserRow,
  q: TAuthorityListQuery,
): Promise<TAuthorityComplaintPage> {
  const scope = complaintScope(authority);
  const key = counterScopeKey(scope);
  const me = assigneeKey(authority);
  if (!key || scope.kind === 'none' || me === null)
    return { ...page([], 0, q), stats: statusCounts({}, null) };
  const now = ctx.clock.now();
  const list: ListFilter = {
    status: q.status,
    overdue: q.overdue,
    search: searchOf(q.q),
    incident: q.incident,
    unassigned: q.assignee === 'none',
  };
  // `assignee=me` (CONTRACT 7.5): the complaints assigned to the caller, in their scope or not (the
  // rule of policy/scope.ts, userReaches), walked on complaints_assignee_idx; every other list is
  // the scope's, and the stats stay the scope's counters either way
  const mine = q.assignee === 'me';
  const filter: PageFilter = mine ? { by: 'assignee_id', value: me } : filterOf(scope);
  // an assignee=me page of a status or overdue counts its own list (else "Assigned to me" is its count)
  const mineNarrowed = mine && !narrowed(list) && (q.status !== undefined || q.overdue === true);
  const [listed, { counters, notDue, notDueInStatus, assigned: assignedToMe }, mineCount] = await Promise.all(
    [
      narrowed(list)
        ? matchingList(ctx, { ...filter, ...list }, wordsOf(list), q, now)
        : fetchPage(ctx, filter, list, q, now),
      countsOf(
        ctx,
        filterOf(scope),
        key,
        { notDue: true, status: q.overdue ? q.status : undefined, assignee: me },
        now,
      ),
      mineNarrowed ? assignedCount(ctx, me, q, now) : Promise.resolve(null),
    ],
  );
  if (Array.isArray(listed)) {
    const answer = authorityPage(q, key, listed, counters, notDue, notDueInStatus, now);
    return mine ? { ...answer, count: mineCount ?? assignedToMe, assignedToMe } : { ...answer, assignedToMe };
  }
  const answer = authorityPage(q, key, listed.rows, counters, notDue, notDueInStatus, now);
  // a search's or an incident's count is of the complaints it holds; the stats stay the whole scope's
  return { ...answer, ...countOfMatched(listed), assignedToMe };
}

/** The count of an `assignee=me` list of a status or overdue: a range of complaints_assignee_idx. */
async function assignedCount(
  ctx: Ctx,
  me: number,
  q: Pick<TAuthorityListQuery, 'status' | 'overdue'>,
  now: number,
): Promise<number> {
  if (q.overdue && q.status !== undefined && !isOpen(q.status)) return 0;
  const shape = { status: q.status !== undefined, overdue: q.overdue === true };
  const [r] = await countAssigned(ctx.database, shape, { assignee: me, status: q.status ?? 'Pending', now });
  return Number(r?.n ?? 0);
}

/** Whether a status (or every open one, when none is given) can hold overdue complaints. */
const canBeOverdue = (status: TComplaintStatus | undefined) => !status || isOpen(status);

function authorityPage(
  q: TAuthorityListQuery,
  key: string,
  rows: ShownComplaint[],
  counters: Record<string, number>,
  notDue: number,
  notDueInStatus: number,
  now: number,
): TAuthorityComplaintPage {
  const overdue = overdueOf(counters, key, undefined, notDue);
  const overdueInStatus = q.overdue && q.status ? overdueOf(counters, key, q.status, notDueInStatus) : 0;
  const stats = statusCounts(counters, key, overdue);
  const count = q.overdue
    ? q.status
      ? overdueInStatus
      : overdue
    : q.status
      ? (counters[`c:${key}:${q.status}`] ?? 0)
      : stats.total;
  return {
    ...page(
      rows.map((r) => toComplaint(r, now)),
      count,
      q,
    ),
    stats,
  };
}

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
