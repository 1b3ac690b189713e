import type { TComplaintStatus, TComplaintType } from '@bit/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type Placeholder, type Placeholders, preparedQuery } from '../../lib/prepared';
import { type ScopeColumn, type ScopeKind, whereScope } from '../../policy/scope';
import { OPEN_SQL } from './due';

/**
 * The student's filing that has `newer` filings after it: the quota's edge, a walk of `newer` + 1
 * entries of complaints_student_idx (student_id, id). Ids follow the clock (up to the moment a
 * filing waits for its commit), so the n-th newest by id is the n-th newest by time.
 */
interface QuotaEdge {
  studentId: number;
  newer: number;
}

const quotaEdge = (db: Kysely<DB>, p: Placeholders<QuotaEdge>) =>
  db
    .selectFrom('complaints')
    .select('created_at')
    .where('student_id', '=', p.studentId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(p.newer);

export const quotaEdgeFiling = preparedQuery((db, p: Placeholders<QuotaEdge>) => quotaEdge(db, p));

// PostgreSQL runs transactions side by side (read committed), so 40 filings sent at once each
// counted the others as not there yet. Locking the student's row makes one student's filings take
// turns; NO KEY UPDATE does not wait for the key-share locks other tables' foreign keys take.
export const lockStudent = preparedQuery((db, p: Placeholders<{ studentId: number }>) =>
  db.selectFrom('users').select('id').where('id', '=', p.studentId).forNoKeyUpdate(),
);

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
export const insertComplaint = preparedQuery((db, p: Placeholders<NewComplaint>) => {
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
  by: ScopeColumn | 'type' | null;
  status: boolean;
  keyset: boolean;
  /** only the overdue ones, from the open complaints' partial indexes */
  overdue: boolean;
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
}

type CountFilter = Pick<PageShape, 'by' | 'status'>;

// the open complaints of a filter not due yet (filed within the last SLA hours): a short range
// of a complaints_due_* index. Overdue ones are the scope's open counters less these (CONTRACT 5.5).
export const countNotYetDue = preparedQuery(
  (db, p: Placeholders<Pick<PageArgs, 'value' | 'status' | 'now'>>, shape: CountFilter) => {
    let query = db.selectFrom('complaints').where(OPEN_SQL).where('due_at', '>', p.now);
    if (shape.by) query = query.where(shape.by, '=', p.value as Placeholder<never>);
    if (shape.status) query = query.where('status', '=', p.status);
    return query.select((eb) => eb.fn.countAll<number>().as('n'));
  },
);

// ids of one page, newest first, from the filter's index alone (every index ends in id)
export const pageIds = preparedQuery((db, p: Placeholders<PageArgs>, shape: PageShape) => {
  let query = db.selectFrom('complaints').select('id');
  if (shape.by) query = query.where(shape.by, '=', p.value as Placeholder<never>);
  if (shape.status) query = query.where('status', '=', p.status);
  // `+due_at`: not a term the complaints_due_* indexes can seek, so the page walks the scope's
  // open complaints in id order and stops at the page instead of sorting every overdue one
  if (shape.overdue) query = query.where(OPEN_SQL).where(sql<number>`+due_at`, '<=', p.now);
  if (shape.keyset) return query.where('id', '<', p.before).orderBy('id', 'desc').limit(p.limit);
  return query.orderBy('id', 'desc').limit(p.limit).offset(p.offset);
});

// the rows of those ids; one statement per number of ids
export const rowsByIds = preparedQuery((db, p: Placeholders<{ ids: number[] }>) =>
  db.selectFrom('complaints').selectAll().where('id', 'in', p.ids).orderBy('id', 'desc'),
);

/** A scope's kind is the shape, its value (scopeValue) the argument `scope`. */
interface InScope {
  scope: number;
}

// a student has few complaints, and (student_id, id) makes this an index-only count
export const countInScope = preparedQuery((db, p: Placeholders<InScope>, kind: ScopeKind) =>
  whereScope(db.selectFrom('complaints'), kind, p.scope).select((eb) => eb.fn.countAll<number>().as('n')),
);

export const complaintByToken = preparedQuery(
  (db, p: Placeholders<InScope & { token: string }>, kind: ScopeKind) =>
    whereScope(db.selectFrom('complaints').selectAll(), kind, p.scope).where('token', '=', p.token),
);

// two concurrent updates must not both move the counters away from the same old status, so
// PostgreSQL locks the row (SQLite's transactions take turns anyway)
export const complaintToUpdate = preparedQuery(
  (db, p: Placeholders<InScope & { id: number }>, shape: { kind: ScopeKind; lock: boolean }) => {
    const query = whereScope(db.selectFrom('complaints').selectAll(), shape.kind, p.scope).where(
      'id',
      '=',
      p.id,
    );
    return shape.lock ? query.forUpdate() : query;
  },
);

export interface StatusChange {
  id: number;
  status: TComplaintStatus;
  remarks: string | null;
  authorityId: number;
  authorityName: string;
  authorityDesignation: string | null;
  now: number;
  /** hourBucket(now - filed): the first response's, kept if there is one already */
  responseBucket: number;
  /** the resolution's bucket while Resolved, else null */
  resolutionBucket: number | null;
}

// `closes`: the new status closes the complaint, so its closing time is set too
export const setStatus = preparedQuery((db, p: Placeholders<StatusChange>, shape: { closes: boolean }) =>
  db
    .updateTable('complaints')
    .set({
      status: p.status,
      remarks: p.remarks,
      assigned_to_id: p.authorityId,
      assigned_name: p.authorityName,
      assigned_designation: p.authorityDesignation,
      updated_at: p.now,
      first_response_at: (eb) => eb.fn.coalesce('first_response_at', p.now),
      fr_bucket: (eb) => eb.fn.coalesce('fr_bucket', p.responseBucket),
      res_bucket: p.resolutionBucket,
      ...(shape.closes ? { closed_at: p.now } : {}),
    })
    .where('id', '=', p.id)
    .returningAll(),
);

export const studentContact = preparedQuery((db, p: Placeholders<{ studentId: number }>) =>
  db.selectFrom('users').select(['email', 'name']).where('id', '=', p.studentId),
);

export const historyOfComplaint = preparedQuery((db, p: Placeholders<{ complaintId: number }>) =>
  db
    .selectFrom('complaint_history')
    .selectAll()
    .where('complaint_id', '=', p.complaintId)
    .orderBy('id', 'asc'),
);

// the ratings of an export page's complaints
export const ratingsOf = preparedQuery((db, p: Placeholders<{ ids: number[] }>) =>
  db.selectFrom('feedback').select(['complaint_id', 'rating']).where('complaint_id', 'in', p.ids),
);
