import type { TComplaintStatus } from '@bit/contract';
import { type Expression, type QueryCreator, type RawBuilder, sql } from 'kysely';
import { type Placeholder, type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import type { ScopeColumn, ScopeKind } from '../../policy/scope';
import { whereScope } from '../../policy/scope-sql';
import { OPEN_SQL } from './due';
import { SHOWN } from './rows';

// The complaint lists' statements: a page's ids and rows, and its counts (their one statement with
// the counters: list-counts.queries.ts). A filing's are in file.queries.ts, a status change's in
// status.queries.ts, the history's writer in history.ts.

/**
 * Which page of ids: filtered on one column (a scope's, or the admin's type filter) or none, on
 * the status or not, and entered at a keyset (`before`: the index is entered there, nothing
 * skipped) or at an offset.
 */
export type PageShape = {
  /** `assignee_id`: an assignee's own list (CONTRACT 7.5), complaints_assignee_idx (assignee_id, id) */
  by: ScopeColumn | 'type' | 'assignee_id' | null;
  status: boolean;
  keyset: boolean;
  /** only the overdue ones, most overdue first, from the due-date partial indexes over open complaints */
  overdue: boolean;
  /** only those filed in a period (`start` to `end`), newest first by filing time (CONTRACT 6.6) */
  period: boolean;
};

export interface PageArgs {
  /** the value of the `by` column */
  value: number | string;
  status: TComplaintStatus;
  before: number;
  limit: number;
  offset: number;
  /** overdue: due at or before this instant */
  now: number;
  /** period: filed at or after `start` and before `end` */
  start: number;
  end: number;
}

/** The order of a page's rows (PageShape), as a comparison of two rows: ids read by id come back in id order. */
export function pageOrder(shape: Pick<PageShape, 'overdue' | 'period'>) {
  type Keyed = { id: number; due_at: number; created_at: number };
  if (shape.overdue)
    return (a: Keyed, b: Keyed) => Number(a.due_at) - Number(b.due_at) || Number(a.id) - Number(b.id);
  if (shape.period)
    return (a: Keyed, b: Keyed) => Number(b.created_at) - Number(a.created_at) || Number(b.id) - Number(a.id);
  return (a: Keyed, b: Keyed) => Number(b.id) - Number(a.id);
}

type CountFilter = Pick<PageShape, 'by' | 'status'>;

// the open complaints of a filter not due yet (filed within the last SLA hours): a short range
// of a complaints_due_* index. Overdue ones are the scope's open counters less these (CONTRACT 5.5).
// `value`: the `by` column's value, an argument or (when the statement reads the session too,
// joined.queries.ts) an expression of the session's row
export const notYetDueQuery = (
  db: QueryCreator<DB>,
  p: Placeholders<Pick<PageArgs, 'value' | 'status' | 'now'>>,
  shape: CountFilter,
  value: Expression<unknown> = p.value,
) => {
  let query = db.selectFrom('complaints').where(OPEN_SQL).where('due_at', '>', p.now);
  if (shape.by) query = query.where(shape.by, '=', value as Placeholder<never>);
  if (shape.status) query = query.where('status', '=', p.status);
  return query.select((eb) => eb.fn.countAll<number>().as('n'));
};

/**
 * The overdue complaints filed in a period (a list's count with overdue, from and to): a range of
 * the open complaints' filing-time index (complaints_open_age_idx: created_at, type, hostel_no,
 * due_at, status), whose other terms are read from it (`+`, `|| ''`: not terms an index is sought on).
 */
export const countOverdueFiled = preparedQuery(
  (db, p: Placeholders<Pick<PageArgs, 'value' | 'status' | 'now' | 'start' | 'end'>>, shape: CountFilter) => {
    let query = db
      .selectFrom('complaints')
      .where(OPEN_SQL)
      .where(sql<number>`+due_at`, '<=', p.now)
      .where('created_at', '>=', p.start)
      .where('created_at', '<', p.end);
    if (shape.by === 'type')
      query = query.where(sql<string>`type || ''`, '=', p.value as Placeholder<string>);
    else if (shape.by) query = query.where(sql.raw(`+${shape.by}`), '=', p.value as Placeholder<never>);
    if (shape.status) query = query.where(sql<string>`status || ''`, '=', p.status);
    return query.select((eb) => eb.fn.countAll<number>().as('n'));
  },
);

/**
 * A list in an order other than id's goes on after its keyset row: `before` names the last complaint
 * shown (CONTRACT 2's before=<id>), and its row's due time or filing time is read here, wherever the
 * row now stands (a reopening moves its due time: the next page then goes on from there). Each part
 * of the pair is its own scalar subquery, so both dialects seek the index at the pair (a row compared
 * with a two-column subquery is not a term PostgreSQL can seek an index with).
 */
const keyed = (db: QueryCreator<DB>, before: Expression<number>, value: RawBuilder<unknown>) =>
  sql`(${db.selectFrom('complaints as k').select(value.as('v')).where('k.id', '=', before)})`;

/**
 * The ids of one page, from one index without sorting:
 * - a list in id order (newest first): the filter's index, which ends in id;
 * - overdue (CONTRACT 6.6, most overdue first): the scope's due-date partial index over open
 *   complaints (complaints_due_*: scope, due_at, id), from the longest overdue up to now; the status
 *   is then read from that index (`status || ''` is not a term the status indexes can seek);
 * - a period (newest first by filing time): complaints_filed_idx (created_at, id, type, hostel_no,
 *   status), one range; the filters are read from that index (`+hostel_no`, `type || ''` and
 *   `status || ''` keep the planner off the filter indexes, which would leave the range to be sorted).
 * Keyset pages of the last two go on after the keyset row's (due_at, id) or (created_at, id).
 */
export const pageIdsQuery = (
  db: QueryCreator<DB>,
  p: Placeholders<PageArgs>,
  shape: PageShape,
  value: Expression<unknown> = p.value,
) => {
  let query = db.selectFrom('complaints').select('id');
  if (!shape.overdue && !shape.period) {
    if (shape.by) query = query.where(shape.by, '=', value as Placeholder<never>);
    if (shape.status) query = query.where('status', '=', p.status);
    if (shape.keyset) return query.where('id', '<', p.before).orderBy('id', 'desc').limit(p.limit);
    return query.orderBy('id', 'desc').limit(p.limit).offset(p.offset);
  }
  if (shape.status) query = query.where(sql<string>`status || ''`, '=', p.status);
  if (shape.overdue) {
    if (shape.by) query = query.where(shape.by, '=', value as Placeholder<never>);
    query = query.where(OPEN_SQL).where('due_at', '<=', p.now);
    // `+created_at`: the period is read from the due-date index, not sought on the filing-time one
    if (shape.period)
      query = query
        .where(sql<number>`+created_at`, '>=', p.start)
        .where(sql<number>`+created_at`, '<', p.end);
    // the keyset row's own id is `before`: a complaint that is not there leaves the page empty
    if (shape.keyset)
      query = query.where(
        sql<boolean>`("due_at", "id") > (${keyed(db, p.before, sql`k.due_at`)}, ${p.before})`,
      );
    query = query.orderBy('due_at', 'asc').orderBy('id', 'asc');
  } else {
    if (shape.by === 'type') query = query.where(sql<string>`type || ''`, '=', value as Placeholder<string>);
    else if (shape.by) query = query.where(sql.raw(`+${shape.by}`), '=', value as Placeholder<never>);
    query = query.where('created_at', '>=', p.start);
    // The keyset is the walk's upper bound, clamped to the period's end for a `before` filed after
    // it: with `created_at < end` beside it SQLite seeks the end and filters the keyset, walking
    // every newer complaint of the period first (200 ms on a deep page at a million).
    if (shape.keyset) {
      const inside = sql`k.created_at < ${p.end}`;
      const at = keyed(db, p.before, sql`case when ${inside} then k.created_at else ${p.end} end`);
      const id = keyed(db, p.before, sql`case when ${inside} then k.id else 0 end`);
      query = query.where(sql<boolean>`("created_at", "id") < (${at}, ${id})`);
    } else query = query.where('created_at', '<', p.end);
    query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return shape.keyset ? query.limit(p.limit) : query.limit(p.limit).offset(p.offset);
};

export const pageIds = preparedQuery((db, p: Placeholders<PageArgs>, shape: PageShape) =>
  pageIdsQuery(db, p, shape),
);

// the rows of those ids, only the columns a page shows (SHOWN.complaint: better-sqlite3 turns each
// value read into a JavaScript one, and the ten columns no page shows cost a list a quarter of its
// rows' time); one statement per number of ids
export const rowsByIds = preparedQuery((db, p: Placeholders<{ ids: number[] }>) =>
  db.selectFrom('complaints').select(SHOWN.complaint).where('id', 'in', p.ids).orderBy('id', 'desc'),
);

/** A scope's kind is the shape, its value (scopeValue) the argument `scope`. */
interface InScope {
  scope: number;
}

// a student has few complaints, and (student_id, id) makes this an index-only count
export const countInScope = preparedQuery((db, p: Placeholders<InScope>, kind: ScopeKind) =>
  whereScope(db.selectFrom('complaints'), kind, p.scope).select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * The complaints assigned to one user (CONTRACT 7.5: "Assigned to me", the `assignee=me` list's
 * count), of a status or overdue when asked: a range of complaints_assignee_idx (assignee_id, id),
 * index-only without a status.
 */
export const countAssigned = preparedQuery(
  (
    db,
    p: Placeholders<{ assignee: number; status: TComplaintStatus; now: number }>,
    shape: { status: boolean; overdue: boolean },
  ) => {
    let query = db.selectFrom('complaints').where('assignee_id', '=', p.assignee);
    if (shape.status) query = query.where('status', '=', p.status);
    if (shape.overdue) query = query.where(OPEN_SQL).where('due_at', '<=', p.now);
    return query.select((eb) => eb.fn.countAll<number>().as('n'));
  },
);

// the ratings of an export page's complaints
export const ratingsOf = preparedQuery((db, p: Placeholders<{ ids: number[] }>) =>
  db.selectFrom('feedback').select(['complaint_id', 'rating']).where('complaint_id', 'in', p.ids),
);
