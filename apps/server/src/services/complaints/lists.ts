import {
  isOpen,
  type TAuthorityComplaintPage,
  type TAuthorityListQuery,
  type TComplaintPage,
  type TPageQuery,
  type TStudentListQuery,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { complaintScope, counterScopeKey } from '../../policy/complaints';
import { type Scope, scopeValue } from '../../policy/scope';
import { assigneeKey } from '../../policy/staff';
import type { UserRow } from '../accounts/users';
import { statusCounts } from './counts';
import { countsOf, overdueOf } from './list-counts';
import {
  countOfMatched,
  fetchPage,
  filterOf,
  type ListFilter,
  narrowed,
  type PageFilter,
  page,
  searchOf,
  wordsOf,
} from './list-page';
import { countAssigned, countInScope, ratingsOf } from './queries';
import { type ShownComplaint, toComplaint } from './rows';
import { matchingList } from './search';

/** A student's list and an authority's (the admin's: admin-list.ts), their pages and counts. */

async function pageRows(ctx: Ctx, scope: Scope, q: TPageQuery, filter: ListFilter, now: number) {
  if (scope.kind === 'none') return [];
  return fetchPage(ctx, filterOf(scope), filter, q, now);
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
