import type { TComplaintStatus, TComplaintType } from '@bit/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type QueryCreator,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import { type Placeholder, type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { RECIPIENT_COLUMNS } from '../../delivery/notify';
import type { ScopeColumn, ScopeKind } from '../../policy/scope';
import { reachOfKind, whereScope } from '../../policy/scope-sql';
import { OPEN_SQL } from './due';
import { SHOWN } from './rows';

/**
 * The student's filing that has `newer` filings after it: the quota's edge, a walk of `newer` + 1
 * entries of complaints_student_idx (student_id, id). Ids follow the clock (up to the moment a
 * filing waits for its commit), so the n-th newest by id is the n-th newest by time.
 */
interface QuotaEdge {
  studentId: number;
  newer: number;
}

const quotaEdge = (db: QueryCreator<DB>, p: Placeholders<QuotaEdge>) =>
  db
    .selectFrom('complaints')
    .select('created_at')
    .where('student_id', '=', p.studentId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(p.newer);

export const quotaEdgeFiling = preparedQuery((db, p: Placeholders<QuotaEdge>) => quotaEdge(db, p));

export interface NewComplaint extends QuotaEdge {
  token: string;
  type: TComplaintType;
  hostelNo: number | null;
  roomNo: string | null;
  subType: string;
  isNetwork: number;
  description: string;
  studentName: string;
  studentRoll: string | null;
  now: number;
  dueAt: number;
  filedMonth: number;
  filedDay: number;
  /** the quota has room while its edge was filed at or before this time (or there is none) */
  windowStart: number;
}

// The complaint is inserted only while the student's quota has room (INSERT ... SELECT ... WHERE),
// so the check costs no statement of its own: a separate count cost a round trip per filing on
// PostgreSQL. No row back means the quota is used up.
const insertComplaintQuery = (db: QueryCreator<DB>, p: Placeholders<NewComplaint>) => {
  const row = {
    token: p.token,
    type: p.type,
    hostel_no: p.hostelNo,
    room_no: p.roomNo,
    sub_type: p.subType,
    is_network: p.isNetwork,
    description: p.description,
    status: sql.val('Pending'),
    remarks: sql.val(null),
    assigned_to_id: sql.val(null),
    assigned_name: sql.val(null),
    assigned_designation: sql.val(null),
    student_id: p.studentId,
    student_name: p.studentName,
    student_roll: p.studentRoll,
    created_at: p.now,
    updated_at: p.now,
    due_at: p.dueAt,
    filed_month: p.filedMonth,
    filed_day: p.filedDay,
  };
  const columns = Object.keys(row) as (keyof typeof row)[];
  return db
    .insertInto('complaints')
    .columns(columns)
    .expression(
      db
        .selectNoFrom(columns.map((c) => (row[c] as Placeholder<unknown>).as(c)))
        // created_at is epoch milliseconds, so 0 stands for "no 20th filing"
        .where((eb) => eb(eb.fn.coalesce(quotaEdge(db, p), eb.lit(0)), '<=', p.windowStart)),
    )
    .returningAll();
};

export const insertComplaint = preparedQuery((db, p: Placeholders<NewComplaint>) =>
  insertComplaintQuery(db, p),
);

/** A filing with its mails. */
export interface Filing extends NewComplaint {
  /** the complaint's search document (db/search-index.ts), written with it */
  searchDoc: string;
  /** its history line's remarks: null, or who filed it at the desk (CONTRACT 7.5) */
  historyRemarks: string | null;
  mailTo: string[];
  mailSubject: string[];
  mailText: string[];
  mailHtml: string[];
}

/**
 * PostgreSQL: a filing as one statement (the quota-checked insert, its history row and its mails,
 * written only if the complaint was), where the same as separate statements was four to six
 * loopback round trips to a server on the same two cores. One statement per number of mails.
 */
export const insertFiling = preparedQuery((db, p: Placeholders<Filing>) => {
  const unionAll = <Q extends { unionAll(other: Q): Q }>(parts: Q[]) =>
    parts.slice(1).reduce((all, one) => all.unionAll(one), parts[0]!);
  const filing = db
    .with('filed', (qc) => insertComplaintQuery(qc, p))
    .with('history', (qc) =>
      qc
        .insertInto('complaint_history')
        .columns(['complaint_id', 'status', 'by_id', 'by_name', 'remarks', 'at'])
        .expression(
          qc
            .selectFrom('filed')
            .select([
              'id',
              'status',
              'student_id',
              'student_name',
              p.historyRemarks.as('remarks'),
              'created_at',
            ]),
        ),
    )
    // its search document (decision 0025), in the same statement
    .with('indexed', (qc) =>
      qc
        .insertInto('complaint_search')
        .columns(['complaint_id', 'doc'])
        .expression(
          qc
            .selectFrom('filed')
            .select([
              'id',
              sql<string>`array_to_tsvector(string_to_array(${p.searchDoc}::text, ' '))`.as('doc'),
            ]),
        ),
    );
  if (p.mailTo.length === 0) return filing.selectFrom('filed').selectAll();
  return filing
    .with('mailed', (qc) =>
      qc
        .insertInto('mail_outbox')
        .columns([
          'to_addr',
          'subject',
          'text_body',
          'html_body',
          'created_at',
          'attempts',
          'next_attempt_at',
        ])
        .expression(
          unionAll(
            p.mailTo.map((to, i) =>
              qc
                .selectFrom('filed')
                .select([
                  to.as('to_addr'),
                  p.mailSubject[i]!.as('subject'),
                  p.mailText[i]!.as('text_body'),
                  p.mailHtml[i]!.as('html_body'),
                  'created_at',
                  sql.lit(0).as('attempts'),
                  'created_at as next_attempt_at',
                ]),
            ),
          ),
        ),
    )
    .selectFrom('filed')
    .selectAll();
});

export interface HistoryEntry {
  complaintId: number;
  status: TComplaintStatus;
  remarks: string | null;
  byId: number;
  byName: string;
  byDesignation: string | null;
  at: number;
}

export const insertHistory = preparedQuery((db, p: Placeholders<HistoryEntry>) =>
  db.insertInto('complaint_history').values({
    complaint_id: p.complaintId,
    status: p.status,
    remarks: p.remarks,
    by_id: p.byId,
    by_name: p.byName,
    by_designation: p.byDesignation,
    at: p.at,
  }),
);

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

/** Where scopeCounts answers the not-yet-due counts, beside the counters' own keys. */
export const NOT_DUE_KEY = ':not-due';
export const NOT_DUE_IN_STATUS_KEY = ':not-due-in-status';
/** Where scopeCounts answers the caller's "Assigned to me" (CONTRACT 7.5), beside the counters' keys. */
export const ASSIGNED_KEY = ':assigned';

/**
 * A list's counts in one statement: the counters of `keys` (a scope's four statuses), and, as rows
 * of their own keys beside them, the open complaints of the filter not due yet (`notDue`) and of
 * those in the list's status (`inStatus`). A list read them as two or three statements.
 */
export const scopeCounts = preparedQuery(
  (
    db,
    p: Placeholders<
      { keys: readonly string[]; assignee: number } & Pick<PageArgs, 'value' | 'status' | 'now'>
    >,
    shape: { by: CountFilter['by']; notDue: boolean; inStatus: boolean; assigned?: boolean },
  ) => {
    const notDue = (status: boolean, key: string) =>
      db
        .selectFrom(notYetDueQuery(db, p, { by: shape.by, status }).as('d'))
        .select([sql.lit(key).$castTo<string>().as('key'), 'd.n as value']);
    let query = db.selectFrom('counters').select(['key', 'value']).where('key', 'in', p.keys);
    if (shape.notDue) query = query.unionAll(notDue(false, NOT_DUE_KEY));
    if (shape.inStatus) query = query.unionAll(notDue(true, NOT_DUE_IN_STATUS_KEY));
    // the complaints assigned to the caller: an index-only range of complaints_assignee_idx
    if (shape.assigned)
      query = query.unionAll(
        db
          .selectFrom(
            db
              .selectFrom('complaints')
              .where('assignee_id', '=', p.assignee)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .as('a'),
          )
          .select([sql.lit(ASSIGNED_KEY).$castTo<string>().as('key'), 'a.n as value']),
      );
    return query;
  },
);

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

// two concurrent updates must not both move the counters away from the same old status, so
// PostgreSQL locks the row (SQLite's transactions take turns anyway)
// `assignee`: the updater's id, whose assigned complaints they update whatever their scope (CONTRACT 7.5)
export const complaintToUpdate = preparedQuery(
  (
    db,
    p: Placeholders<InScope & { id: number; assignee: number }>,
    shape: { kind: ScopeKind; lock: boolean },
  ) => {
    const query = db
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', p.id)
      .where(reachOfKind(shape.kind, p.scope, p.assignee));
    return shape.lock ? query.forUpdate() : query;
  },
);

export interface StatusColumns {
  id: number;
  status: TComplaintStatus;
  /** null keeps the complaint's last remark */
  remarks: string | null;
  byId: number;
  byName: string;
  byDesignation: string | null;
  now: number;
  /** hourBucket(now - filed): the first response's, kept if there is one already */
  responseBucket: number;
  /** the resolution's bucket while Resolved, else null */
  resolutionBucket: number | null;
  /** the resolution's moment while Resolved, else null */
  resolvedAt: number | null;
  /** a reopening's new due time */
  dueAt: number;
}

export type StatusShape = {
  /** the new status closes the complaint, so its closing time is set too */
  closes: boolean;
  /** by an authority: assigned to them, and their first response if it is the first */
  byAuthority: boolean;
  /** the student's reopening: counted, and due again */
  reopens: boolean;
};

/** The values of a status change as the statement reads them: its arguments, or a row's columns. */
type StatusValues = { readonly [K in keyof StatusColumns]: Expression<StatusColumns[K]> };

/** What a status change sets, for one complaint (setStatus) or many (setStatusOfMany). */
function statusSet(eb: ExpressionBuilder<DB, 'complaints'>, p: Omit<StatusValues, 'id'>, shape: StatusShape) {
  return {
    status: p.status,
    // the complaint shows its latest remark: a change that brings none keeps it (the history has each)
    remarks: eb.fn.coalesce(p.remarks, 'complaints.remarks'),
    updated_at: p.now,
    res_bucket: p.resolutionBucket,
    resolved_at: p.resolvedAt,
    ...(shape.byAuthority
      ? {
          assigned_to_id: p.byId,
          assigned_name: p.byName,
          assigned_designation: p.byDesignation,
          first_response_at: eb.fn.coalesce('complaints.first_response_at', p.now),
          fr_bucket: eb.fn.coalesce('complaints.fr_bucket', p.responseBucket),
        }
      : {}),
    ...(shape.closes ? { closed_at: p.now } : {}),
    ...(shape.reopens ? { reopen_count: eb('complaints.reopen_count', '+', 1), due_at: p.dueAt } : {}),
  };
}

// one statement per shape: services/complaints/status.ts (changeStatus) is its only caller
export const setStatus = preparedQuery((db, p: Placeholders<StatusColumns>, shape: StatusShape) =>
  db
    .updateTable('complaints')
    .set((eb) => statusSet(eb, p, shape))
    .where('id', '=', p.id)
    .returningAll(),
);

/** What differs between the complaints of one change made to many (an incident's update). */
export type StatusRowColumns = Pick<
  StatusColumns,
  'id' | 'responseBucket' | 'resolutionBucket' | 'resolvedAt' | 'dueAt'
>;

/** Complaints a setStatusOfMany statement changes at most: 5 arguments each. */
const STATUS_ROWS_MAX = 500;

/**
 * One change made to many complaints (services/complaints/status.ts, writeStatusBatch), as setStatus
 * would make it to each, in one statement per 500: the change's values as arguments, each
 * complaint's own (its report buckets, its due time) from a list of rows joined on id. On
 * PostgreSQL an incident's 500 complaints were 500 round trips of about 2 ms each.
 */
export async function setStatusOfMany(
  trx: Transaction<DB>,
  shape: StatusShape,
  change: Omit<StatusColumns, keyof StatusRowColumns>,
  rows: readonly StatusRowColumns[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += STATUS_ROWS_MAX) {
    // a list of rows with named columns that both dialects read alike: VALUES names its columns
    // column1, column2… in both; the casts give PostgreSQL the arguments' types
    const list = sql.join(
      rows
        .slice(i, i + STATUS_ROWS_MAX)
        .map(
          (r) =>
            sql`(cast(${r.id} as bigint), cast(${r.responseBucket} as integer), cast(${r.resolutionBucket} as integer), cast(${r.resolvedAt} as bigint), cast(${r.dueAt} as bigint))`,
        ),
    );
    const changed = sql<{
      id: number;
      fr: number;
      res: number | null;
      resolved: number | null;
      due: number;
    }>`(
      select column1 as id, column2 as fr, column3 as res, column4 as resolved, column5 as due
      from (values ${list}) as l)`.as('v');
    await trx
      .updateTable('complaints')
      .from(changed)
      .set((eb) =>
        statusSet(
          eb as unknown as ExpressionBuilder<DB, 'complaints'>,
          {
            status: sql.val(change.status),
            remarks: sql.val(change.remarks),
            byId: sql.val(change.byId),
            byName: sql.val(change.byName),
            byDesignation: sql.val(change.byDesignation),
            now: sql.val(change.now),
            responseBucket: eb.ref('v.fr'),
            resolutionBucket: eb.ref('v.res'),
            resolvedAt: eb.ref('v.resolved'),
            dueAt: eb.ref('v.due'),
          },
          shape,
        ),
      )
      .whereRef('complaints.id', '=', 'v.id')
      .execute();
  }
}

/** The student as a recipient of their complaint's news: address and channels (CONTRACT 6.3). */
export const studentContact = preparedQuery((db, p: Placeholders<{ studentId: number }>) =>
  db.selectFrom('users').select(RECIPIENT_COLUMNS).where('users.id', '=', p.studentId),
);

// the ratings of an export page's complaints
export const ratingsOf = preparedQuery((db, p: Placeholders<{ ids: number[] }>) =>
  db.selectFrom('feedback').select(['complaint_id', 'rating']).where('complaint_id', 'in', p.ids),
);
