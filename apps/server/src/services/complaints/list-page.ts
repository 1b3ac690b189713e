import type { TComplaintStatus, TPageQuery } from '@bit/contract';
import type { Ctx } from '../../context';
import { type SearchTerm, searchTerms } from '../../lib/search-text';
import { scopeCondition, type VisibleScope } from '../../policy/scope';
import type { Period } from '../oversight/report-period';
import { type PageArgs, type PageShape, pageIds, pageOrder, rowsByIds } from './queries';
import type { ShownComplaint } from './rows';
import { type Matched, matchingPage } from './search';

/**
 * What the lists (lists.ts, admin-list.ts) and the export share: a list's filters, its page of
 * complaints and the page's answer.
 */

export function page<T>(rows: T[], count: number, q: TPageQuery) {
  return { count, page: q.page, pageSize: q.pageSize, data: rows };
}

/** A narrowed list's count on its page: "more than count" said only when it is so. */
export const countOfMatched = ({ count, countAtLeast }: Matched) =>
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
export const narrowed = (list: ListFilter) =>
  list.search !== undefined || list.incident !== undefined || list.unassigned === true;

/** The words a narrowed list must match: none for an incident's list without `q`. */
export const wordsOf = (list: ListFilter) => (list.search === undefined ? [] : list.search);

/** A list's `q` as its filter (ListFilter's `search`). */
export const searchOf = (q: string | undefined) => (q === undefined ? undefined : searchTerms(q));

export const shapeOf = (filter: PageFilter, list: ListFilter, q: TPageQuery): PageShape => ({
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
export function pageArgs(
  filter: PageFilter,
  { status, period }: ListFilter,
  q: TPageQuery,
  now: number,
): PageArgs {
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

export const NO_FILTER: PageFilter = { by: null, value: 0 };

export function filterOf(scope: VisibleScope): PageFilter {
  const condition = scopeCondition(scope);
  return condition ? { by: condition.column, value: condition.value } : NO_FILTER;
}
