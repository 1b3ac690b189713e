import {
  HOSTEL_NUMBERS,
  REPORT_DAYS_DEFAULT,
  type TComplaintStatus,
  type TComplaintType,
  type TReport,
  type TReportQuery,
} from '@bit/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { addTo, type Histogram, HOUR_MS, quantile } from '../../lib/hour-buckets';
import { addDays, zonedDayStart, zonedMonth, zonedParts } from '../../lib/zoned-time';
import { OPEN_SQL } from './due';

const DAY_MS = 24 * HOUR_MS;

/** The report's period as instants, and the filing months it touches (YYYYMM). */
interface Period {
  from: string;
  to: string;
  start: number;
  end: number;
  firstMonth: number;
  lastMonth: number;
}

function periodOf(ctx: Ctx, q: TReportQuery): Period {
  const zone = ctx.config.timeZone;
  const to =
    q.to ?? (q.from ? addDays(q.from, REPORT_DAYS_DEFAULT - 1) : zonedParts(ctx.clock.now(), zone).day);
  const from = q.from ?? addDays(to, -(REPORT_DAYS_DEFAULT - 1));
  const start = zonedDayStart(from, zone);
  const end = zonedDayStart(addDays(to, 1), zone);
  return { from, to, start, end, firstMonth: zonedMonth(start, zone), lastMonth: zonedMonth(end - 1, zone) };
}

/** Every month from one YYYYMM to another, both included. */
function monthsBetween(first: number, last: number): number[] {
  const months: number[] = [];
  for (let m = first; m <= last; m = m % 100 === 12 ? m + 89 : m + 1) months.push(m);
  return months;
}

const monthLabel = (m: number) => `${Math.floor(m / 100)}-${String(m % 100).padStart(2, '0')}`;

type Filter = { type?: TComplaintType | undefined; hostelNo?: number | undefined };

/**
 * The complaints filed in the period, matching the filters. filed_month leads the report's
 * indexes, so its range bounds the walk; created_at then trims the period's first and last days.
 * With a hostel, the hostel's own index (complaints_report_hostel_idx) is walked instead.
 */
function filedIn<O>(query: SelectQueryBuilder<DB, 'complaints', O>, p: Period, months: number[], f: Filter) {
  let q = query
    .where('filed_month', 'in', months)
    .where('created_at', '>=', p.start)
    .where('created_at', '<', p.end);
  if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
  // `type || ''` is not a term an index can seek, so the planner keeps to the report index (which
  // holds type) instead of seeking complaints_type_idx and reading a third of the table to sort it
  if (f.type) q = q.where(sql<boolean>`type || '' = ${f.type}`);
  return q;
}

const count = (eb: ExpressionBuilder<DB, 'complaints'>) => eb.fn.countAll<number | string>().as('n');

const nextMonth = (m: number) => (m % 100 === 12 ? m + 89 : m + 1);
const previousMonth = (m: number) => (m % 100 === 1 ? m - 89 : m - 1);

/**
 * The whole months of the period, read from the rollup, and the partial ones at its ends, counted
 * from the complaints themselves (decision 0018).
 */
function splitPeriod(p: Period): { rollup: [number, number] | null; edges: number[] } {
  const first = p.from.endsWith('-01') ? p.firstMonth : nextMonth(p.firstMonth);
  const last = zonedDayOfMonth(p.to) === daysInMonth(p.to) ? p.lastMonth : previousMonth(p.lastMonth);
  const rollup: [number, number] | null = first <= last ? [first, last] : null;
  const edges = [...new Set([p.firstMonth, p.lastMonth])].filter(
    (m) => rollup === null || m < rollup[0] || m > rollup[1],
  );
  return { rollup, edges };
}

const zonedDayOfMonth = (day: string) => Number(day.slice(8, 10));
const daysInMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

interface CountRow {
  filed_month: number;
  type: TComplaintType;
  sub_type: string;
  hostel_no: number | null;
  status: TComplaintStatus;
  n: number | string;
}
interface Counted {
  counts: CountRow[];
  resolution: {
    filed_month: number;
    type: TComplaintType;
    sub_type: string;
    res_bucket: number | null;
    n: number | string;
  }[];
  response: { filed_month: number; fr_bucket: number | null; n: number | string }[];
}
const EMPTY: Counted = { counts: [], resolution: [], response: [] };

/** The partial months at the period's ends, from the report indexes over complaints. */
async function countRows(ctx: Ctx, p: Period, months: number[], f: Filter): Promise<Counted> {
  const db = ctx.database.db;
  const [counts, resolution, response] = await Promise.all([
    filedIn(db.selectFrom('complaints'), p, months, f)
      .select(['filed_month', 'type', 'sub_type', 'hostel_no', 'status', count])
      .groupBy(['filed_month', 'type', 'sub_type', 'hostel_no', 'status'])
      .execute(),
    filedIn(db.selectFrom('complaints'), p, months, f)
      .where(sql<boolean>`res_bucket is not null`)
      .select(['filed_month', 'type', 'sub_type', 'res_bucket', count])
      .groupBy(['filed_month', 'type', 'sub_type', 'res_bucket'])
      .execute(),
    filedIn(db.selectFrom('complaints'), p, months, f)
      .where(sql<boolean>`fr_bucket is not null`)
      .select(['filed_month', 'fr_bucket', count])
      .groupBy(['filed_month', 'fr_bucket'])
      .execute(),
  ]);
  return { counts, resolution, response };
}

const STATUS_BY_CODE: TComplaintStatus[] = ['Pending', 'In Progress', 'Resolved', 'Rejected'];

/** Whole months from the rollup that triggers keep beside complaints (migration 009). */
async function countRollup(ctx: Ctx, [first, last]: [number, number], f: Filter): Promise<Counted> {
  const kind = (k: 's' | 'r' | 'f') => {
    let q = ctx.database.db
      .selectFrom('report_rollup')
      .where('kind', '=', k)
      .where('month', '>=', first)
      .where('month', '<=', last)
      .where('n', '<>', 0);
    if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
    if (f.type) q = q.where('type', '=', f.type);
    return q;
  };
  const total = sql<number | string>`sum(n)`.as('n');
  const [counts, resolution, response] = await Promise.all([
    kind('s').select(['month', 'type', 'sub_type', 'hostel_no', 'value', 'n']).execute(),
    kind('r')
      .select(['month', 'type', 'sub_type', 'value', total])
      .groupBy(['month', 'type', 'sub_type', 'value'])
      .execute(),
    kind('f').select(['month', 'value', total]).groupBy(['month', 'value']).execute(),
  ]);
  return {
    counts: counts.map((r) => ({
      filed_month: r.month,
      type: r.type,
      sub_type: r.sub_type,
      hostel_no: r.hostel_no === 0 ? null : r.hostel_no,
      status: STATUS_BY_CODE[r.value] as TComplaintStatus,
      n: r.n,
    })),
    resolution: resolution.map((r) => ({
      filed_month: r.month,
      type: r.type,
      sub_type: r.sub_type,
      res_bucket: r.value,
      n: r.n,
    })),
    response: response.map((r) => ({ filed_month: r.month, fr_bucket: r.value, n: r.n })),
  };
}

/**
 * CONTRACT 5.6: filed, resolved and rejected, resolution and first-response times, by month,
 * category and hostel, and the backlog by age, over the complaints filed in the period.
 * Percentiles come from hour buckets (lib/hour-buckets.ts), within the contract's tolerance.
 */
export async function complaintReport(ctx: Ctx, q: TReportQuery): Promise<TReport> {
  const period = periodOf(ctx, q);
  const now = ctx.clock.now();
  const filter: Filter = { type: q.type, hostelNo: q.hostelNo };
  const db = ctx.database.db;
  // only Hostel complaints carry a hostel number
  const nothing = q.hostelNo !== undefined && q.type === 'College';

  const { rollup, edges } = splitPeriod(period);
  const [fromRows, fromRollup, overdue, backlog] = nothing
    ? [EMPTY, EMPTY, [], []]
    : await Promise.all([
        edges.length > 0 ? countRows(ctx, period, edges, filter) : EMPTY,
        rollup ? countRollup(ctx, rollup, filter) : EMPTY,
        overdueByHostel(ctx, period, filter, now),
        backlogByAge(ctx, filter, now),
      ]);
  const counts = [...fromRows.counts, ...fromRollup.counts];
  const resolution = [...fromRows.resolution, ...fromRollup.resolution];
  const response = [...fromRows.response, ...fromRollup.response];

  const months = monthsBetween(period.firstMonth, period.lastMonth);
  const byMonth = new Map(months.map((m) => [m, { filed: 0, resolved: 0, hist: new Map() as Histogram }]));
  const byCategory = new Map<
    string,
    { type: TComplaintType; subType: string; filed: number; resolved: number; hist: Histogram }
  >();
  const byHostel = new Map<number, { filed: number; resolved: number }>();
  const category = (type: TComplaintType, subType: string) => {
    const key = `${type}\u0000${subType}`;
    let c = byCategory.get(key);
    if (!c) {
      c = { type, subType, filed: 0, resolved: 0, hist: new Map() };
      byCategory.set(key, c);
    }
    return c;
  };
  const totals: Record<TComplaintStatus, number> = { Pending: 0, 'In Progress': 0, Resolved: 0, Rejected: 0 };
  let filed = 0;

  for (const r of counts) {
    const n = Number(r.n);
    const isResolved = r.status === 'Resolved';
    filed += n;
    totals[r.status] += n;
    const month = byMonth.get(Number(r.filed_month));
    if (month) {
      month.filed += n;
      if (isResolved) month.resolved += n;
    }
    const c = category(r.type, r.sub_type);
    c.filed += n;
    if (isResolved) c.resolved += n;
    if (r.hostel_no !== null) {
      const h = byHostel.get(Number(r.hostel_no)) ?? { filed: 0, resolved: 0 };
      h.filed += n;
      if (isResolved) h.resolved += n;
      byHostel.set(Number(r.hostel_no), h);
    }
  }

  const allResolution: Histogram = new Map();
  for (const r of resolution) {
    const n = Number(r.n);
    const bucket = Number(r.res_bucket);
    addTo(allResolution, bucket, n);
    const month = byMonth.get(Number(r.filed_month));
    if (month) addTo(month.hist, bucket, n);
    addTo(category(r.type, r.sub_type).hist, bucket, n);
  }
  const allResponse: Histogram = new Map();
  for (const r of response) addTo(allResponse, Number(r.fr_bucket), Number(r.n));

  const overdueOf = new Map(overdue.map((r) => [Number(r.hostel_no), Number(r.n)]));
  const hostels = q.type === 'College' ? [] : q.hostelNo !== undefined ? [q.hostelNo] : [...HOSTEL_NUMBERS];

  return {
    from: period.from,
    to: period.to,
    filed,
    resolved: totals.Resolved,
    rejected: totals.Rejected,
    resolutionHours: { median: quantile(allResolution, 0.5), p90: quantile(allResolution, 0.9) },
    firstResponseHours: { median: quantile(allResponse, 0.5), p90: quantile(allResponse, 0.9) },
    byMonth: months.map((m) => {
      const x = byMonth.get(m) as { filed: number; resolved: number; hist: Histogram };
      return {
        month: monthLabel(m),
        filed: x.filed,
        resolved: x.resolved,
        medianResolutionHours: quantile(x.hist, 0.5),
      };
    }),
    byCategory: [...byCategory.values()]
      .sort((a, b) => b.filed - a.filed || a.type.localeCompare(b.type) || a.subType.localeCompare(b.subType))
      .map((c) => ({
        type: c.type,
        subType: c.subType,
        filed: c.filed,
        resolved: c.resolved,
        medianResolutionHours: quantile(c.hist, 0.5),
      })),
    byHostel: hostels.map((hostelNo) => ({
      hostelNo,
      filed: byHostel.get(hostelNo)?.filed ?? 0,
      resolved: byHostel.get(hostelNo)?.resolved ?? 0,
      overdue: overdueOf.get(hostelNo) ?? 0,
    })),
    backlog: backlog[0]
      ? {
          under1d: Number(backlog[0].under1d ?? 0),
          d1to3: Number(backlog[0].d1to3 ?? 0),
          d3to7: Number(backlog[0].d3to7 ?? 0),
          over7d: Number(backlog[0].over7d ?? 0),
        }
      : { under1d: 0, d1to3: 0, d3to7: 0, over7d: 0 },
  };
}

/** Overdue now, per hostel, among the complaints filed in the period: from the open partial index. */
function overdueByHostel(ctx: Ctx, p: Period, f: Filter, now: number) {
  let query = ctx.database.db
    .selectFrom('complaints')
    .where(OPEN_SQL)
    .where('hostel_no', 'is not', null)
    .where('due_at', '<=', now)
    .where('created_at', '>=', p.start)
    .where('created_at', '<', p.end);
  if (f.hostelNo !== undefined) query = query.where('hostel_no', '=', f.hostelNo);
  if (f.type) query = query.where('type', '=', f.type);
  return query.select(['hostel_no', count]).groupBy('hostel_no').execute();
}

/** The complaints Pending or In Progress now, by time since filing (the open partial index). */
function backlogByAge(ctx: Ctx, f: Filter, now: number) {
  const since = (days: number) => now - days * DAY_MS;
  const band = (older: number, newer: number | null) =>
    newer === null
      ? sql<number>`sum(case when created_at <= ${since(older)} then 1 else 0 end)`
      : sql<number>`sum(case when created_at <= ${since(older)} and created_at > ${since(newer)} then 1 else 0 end)`;
  let query = ctx.database.db.selectFrom('complaints').where(OPEN_SQL);
  if (f.hostelNo !== undefined) query = query.where('hostel_no', '=', f.hostelNo);
  if (f.type) query = query.where('type', '=', f.type);
  return query
    .select([
      sql<number>`sum(case when created_at > ${since(1)} then 1 else 0 end)`.as('under1d'),
      band(1, 3).as('d1to3'),
      band(3, 7).as('d3to7'),
      band(7, null).as('over7d'),
    ])
    .execute();
}
