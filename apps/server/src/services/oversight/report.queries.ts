import type { TComplaintType } from '@bit/contract';
import { type Kysely, sql } from 'kysely';
import { type Placeholder, type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB, ReportRollupTable } from '../../db/schema';
import { OPEN_SQL } from '../complaints/due';

/**
 * The report's statements (CONTRACT 5.6, decision 0018), prepared once per shape: a year's report
 * runs about twenty of them, and building and compiling each anew cost more than running it.
 */

/** A run of rollup rows of one kind, for one hostel and one type when those filters are given. */
export interface RollupArgs {
  kind: ReportRollupTable['kind'];
  first: number;
  last: number;
  hostelNo: number;
  type: TComplaintType;
}
export interface RollupShape {
  [key: string]: boolean;
  hostel: boolean;
  type: boolean;
}

const rollupRows = (db: Kysely<DB>, p: Placeholders<RollupArgs>, shape: RollupShape) => {
  let q = db
    .selectFrom('report_rollup')
    .where('kind', '=', p.kind as Placeholder<ReportRollupTable['kind']>)
    .where('period', '>=', p.first)
    .where('period', '<=', p.last);
  if (shape.hostel) q = q.where('hostel_no', '=', p.hostelNo);
  if (shape.type) q = q.where('type', '=', p.type as Placeholder<TComplaintType>);
  return q;
};

const total = sql<number | string>`sum(n)`.as('n');

export const rollupByPeriod = preparedQuery((db, p: Placeholders<RollupArgs>, shape: RollupShape) =>
  rollupRows(db, p, shape).select(['period', 'value', total]).groupBy(['period', 'value']),
);

export const rollupByCategory = preparedQuery((db, p: Placeholders<RollupArgs>, shape: RollupShape) =>
  rollupRows(db, p, shape)
    .select(['type', 'sub_type', 'value', total])
    .groupBy(['type', 'sub_type', 'value']),
);

export const rollupByHostel = preparedQuery((db, p: Placeholders<RollupArgs>, shape: RollupShape) =>
  rollupRows(db, p, shape).select(['hostel_no', 'value', total]).groupBy(['hostel_no', 'value']),
);

export const rollupByValue = preparedQuery((db, p: Placeholders<RollupArgs>, shape: RollupShape) =>
  rollupRows(db, p, shape).select(['value', total]).groupBy('value'),
);

/** The complaints of a run of rollup rows, in one status when `status` (its code as `value`). */
export const rollupCount = preparedQuery(
  (db, p: Placeholders<RollupArgs & { value: number }>, shape: RollupShape & { status: boolean }) => {
    const q = rollupRows(db, p, shape);
    return (shape.status ? q.where('value', '=', p.value) : q).select(total);
  },
);

/**
 * The complaints filed in a period, of a type and in a hostel when those are given, with what their
 * exact percentiles need, at most `limit` of them: a range of complaints_filed_idx (created_at, id,
 * type, hostel_no, status), the filters read from the index (`+hostel_no`, `type || ''`: not terms
 * the filter indexes could be sought with), a row read for each complaint that passes them.
 */
export const filedTimes = preparedQuery(
  (
    db,
    p: Placeholders<{ start: number; end: number; hostelNo: number; type: TComplaintType; limit: number }>,
    shape: { hostel: boolean; type: boolean },
  ) => {
    let q = db
      .selectFrom('complaints')
      .select(['created_at', 'resolved_at', 'first_response_at', 'filed_month', 'type', 'sub_type'])
      .where('created_at', '>=', p.start)
      .where('created_at', '<', p.end);
    if (shape.hostel) q = q.where(sql<number>`+hostel_no`, '=', p.hostelNo);
    if (shape.type) q = q.where(sql<string>`type || ''`, '=', p.type);
    return q.limit(p.limit);
  },
);

/**
 * Overdue now, per hostel, among the complaints filed in the period: the open complaints walked in
 * hostel order (complaints_due_hostel_idx, which holds due_at and created_at, migration 014), so the
 * grouping sorts nothing and no row is read. The `+` keeps a planner from seeking the period on the
 * open complaints' filing-time index, or the due dates on the all-hostels due-date index, and then
 * sorting what it finds by hostel or reading each row (ten times slower at a million complaints). With a hostel
 * a complaint is of type Hostel, so the type filter has nothing to add.
 */
export const overdueByHostel = preparedQuery(
  (
    db,
    p: Placeholders<{ now: number; start: number; end: number; hostelNo: number }>,
    shape: { hostel: boolean },
  ) => {
    let q = db
      .selectFrom('complaints')
      .where(OPEN_SQL)
      .where('hostel_no', 'is not', null)
      .where(sql<number>`+due_at`, '<=', p.now)
      .where(sql<number>`+created_at`, '>=', p.start)
      .where(sql<number>`+created_at`, '<', p.end);
    if (shape.hostel) q = q.where('hostel_no', '=', p.hostelNo);
    return q.select((eb) => ['hostel_no', eb.fn.countAll<number | string>().as('n')]).groupBy('hostel_no');
  },
);

/**
 * The open complaints (filed after a moment, with `since`): a range count of an open-complaints
 * index. `type || ''` is not a term the open complaints' type index could seek, so the filing-time
 * one (which holds type) counts the range without reading a row.
 */
export const countOpen = preparedQuery(
  (
    db,
    p: Placeholders<{ after: number; hostelNo: number; type: TComplaintType }>,
    shape: { since: boolean; hostel: boolean; type: boolean },
  ) => {
    let q = db.selectFrom('complaints').where(OPEN_SQL);
    if (shape.since) q = q.where('created_at', '>', p.after);
    if (shape.hostel) q = q.where('hostel_no', '=', p.hostelNo);
    if (shape.type) q = q.where(sql<boolean>`type || '' = ${p.type}`);
    return q.select((eb) => eb.fn.countAll<number | string>().as('n'));
  },
);
