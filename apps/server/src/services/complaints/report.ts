import {
  HOSTEL_NUMBERS,
  REPORT_DAYS_DEFAULT,
  type TComplaintStatus,
  type TComplaintType,
  type TReport,
  type TReportQuery,
} from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { addTo, type Histogram, HOUR_MS, quantile } from '../../lib/hour-buckets';
import { addDays, zonedDayStart, zonedMonth, zonedParts } from '../../lib/zoned-time';
import { OPEN_SQL } from './due';

const DAY_MS = 24 * HOUR_MS;

/** The report's period: its days, as instants, and the filing months it touches (YYYYMM). */
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

const nextMonth = (m: number) => (m % 100 === 12 ? m + 89 : m + 1);
const dayNumber = (day: string) => Number(day.replaceAll('-', ''));
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY_MS;
const monthOf = (period: number) => (period > 999_999 ? Math.floor(period / 100) : period);

/** A run of rollup rows to add (or take away): whole months (YYYYMM) or days (YYYYMMDD), both ends in. */
interface Span {
  unit: 'm' | 'd';
  first: number;
  last: number;
  sign: 1 | -1;
}

/**
 * Which rollup rows make up the period (decision 0018): its whole months from the month rows; each
 * partial month at its ends either from the day rows of its days in the period, or as the whole
 * month less the day rows of its days outside, whichever reads fewer days that have complaints
 * (days after today have none: a period ending today takes its last month whole).
 */
function spansOf(p: Period, today: string): Span[] {
  const spans: Span[] = [];
  const addMonth = (m: number) => {
    const last = spans.at(-1);
    if (last && last.unit === 'm' && nextMonth(last.last) === m) last.last = m;
    else spans.push({ unit: 'm', first: m, last: m, sign: 1 });
  };
  const pastDays = (first: string, last: string) =>
    last < first || first > today ? 0 : daysBetween(first, last < today ? last : today) + 1;
  for (const m of monthsBetween(p.firstMonth, p.lastMonth)) {
    const start = `${monthLabel(m)}-01`;
    const end = addDays(`${monthLabel(nextMonth(m))}-01`, -1);
    const from = p.from > start ? p.from : start;
    const to = p.to < end ? p.to : end;
    if (from === start && to === end) {
      addMonth(m);
      continue;
    }
    const outside: [string, string][] = [];
    if (from > start) outside.push([start, addDays(from, -1)]);
    if (to < end) outside.push([addDays(to, 1), end]);
    const outsideDays = outside.reduce((sum, [a, b]) => sum + pastDays(a, b), 0);
    if (outsideDays < pastDays(from, to)) {
      addMonth(m);
      for (const [a, b] of outside)
        if (pastDays(a, b) > 0) spans.push({ unit: 'd', first: dayNumber(a), last: dayNumber(b), sign: -1 });
    } else spans.push({ unit: 'd', first: dayNumber(from), last: dayNumber(to), sign: 1 });
  }
  return spans;
}

/** The report's figures as they are added up from the rollup's spans. */
class Tally {
  readonly totals: Record<TComplaintStatus, number> = {
    Pending: 0,
    'In Progress': 0,
    Resolved: 0,
    Rejected: 0,
  };
  readonly byMonth: Map<number, { filed: number; resolved: number; hist: Histogram }>;
  readonly byCategory = new Map<
    string,
    { type: TComplaintType; subType: string; filed: number; resolved: number; hist: Histogram }
  >();
  readonly byHostel = new Map<number, { filed: number; resolved: number }>();
  readonly resolution: Histogram = new Map();
  readonly response: Histogram = new Map();

  constructor(months: number[]) {
    this.byMonth = new Map(months.map((m) => [m, { filed: 0, resolved: 0, hist: new Map() }]));
  }

  category(type: TComplaintType, subType: string) {
    const key = `${type}\u0000${subType}`;
    let c = this.byCategory.get(key);
    if (!c) {
      c = { type, subType, filed: 0, resolved: 0, hist: new Map() };
      this.byCategory.set(key, c);
    }
    return c;
  }

  /** Counts the period's totals and its month's. */
  month(period: number, status: TComplaintStatus, n: number) {
    this.totals[status] += n;
    const m = this.byMonth.get(monthOf(period));
    if (!m) return;
    m.filed += n;
    if (status === 'Resolved') m.resolved += n;
  }

  categoryCount(type: TComplaintType, subType: string, status: TComplaintStatus, n: number) {
    const c = this.category(type, subType);
    c.filed += n;
    if (status === 'Resolved') c.resolved += n;
  }

  hostel(hostelNo: number, status: TComplaintStatus, n: number) {
    const h = this.byHostel.get(hostelNo) ?? { filed: 0, resolved: 0 };
    h.filed += n;
    if (status === 'Resolved') h.resolved += n;
    this.byHostel.set(hostelNo, h);
  }

  /** A resolution bucket: the period's, and its month's. */
  resolutionMonth(period: number, bucket: number, n: number) {
    addTo(this.resolution, bucket, n);
    const m = this.byMonth.get(monthOf(period));
    if (m) addTo(m.hist, bucket, n);
  }
}

const STATUS_BY_CODE: TComplaintStatus[] = ['Pending', 'In Progress', 'Resolved', 'Rejected'];
const statusOf = (code: number) => STATUS_BY_CODE[code] as TComplaintStatus;

/**
 * One span of the rollup (migration 009), grouped by the database per breakdown: a year of month
 * rows holds tens of thousands of rows, their groups a few hundred.
 */
async function countSpan(ctx: Ctx, t: Tally, span: Span, f: Filter) {
  const rows = (k: 's' | 'S' | 'r' | 'R' | 'f' | 'F') => {
    let q = ctx.database.db
      .selectFrom('report_rollup')
      .where('kind', '=', `${span.unit}${k}`)
      .where('period', '>=', span.first)
      .where('period', '<=', span.last);
    if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
    if (f.type) q = q.where('type', '=', f.type);
    return q;
  };
  // over all hostels, or one hostel's own
  const [status, resolution, response] =
    f.hostelNo === undefined ? (['s', 'r', 'f'] as const) : (['S', 'R', 'F'] as const);
  const n = sql<number | string>`sum(n)`.as('n');
  const [months, categories, hostels, resolutionMonths, resolutionCategories, responses] = await Promise.all([
    rows(status).select(['period', 'value', n]).groupBy(['period', 'value']).execute(),
    rows(status).select(['type', 'sub_type', 'value', n]).groupBy(['type', 'sub_type', 'value']).execute(),
    rows('S').select(['hostel_no', 'value', n]).groupBy(['hostel_no', 'value']).execute(),
    rows(resolution).select(['period', 'value', n]).groupBy(['period', 'value']).execute(),
    rows(resolution)
      .select(['type', 'sub_type', 'value', n])
      .groupBy(['type', 'sub_type', 'value'])
      .execute(),
    rows(response).select(['value', n]).groupBy('value').execute(),
  ]);
  const count = (r: { n: number | string }) => span.sign * Number(r.n);
  for (const r of months) t.month(r.period, statusOf(r.value), count(r));
  for (const r of categories) t.categoryCount(r.type, r.sub_type, statusOf(r.value), count(r));
  for (const r of hostels) t.hostel(r.hostel_no, statusOf(r.value), count(r));
  for (const r of resolutionMonths) t.resolutionMonth(r.period, r.value, count(r));
  for (const r of resolutionCategories) addTo(t.category(r.type, r.sub_type).hist, r.value, count(r));
  for (const r of responses) addTo(t.response, r.value, count(r));
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
  // only Hostel complaints carry a hostel number
  const nothing = q.hostelNo !== undefined && q.type === 'College';

  const months = monthsBetween(period.firstMonth, period.lastMonth);
  const t = new Tally(months);
  const spans = nothing ? [] : spansOf(period, zonedParts(now, ctx.config.timeZone).day);
  const [overdue, backlog] = await Promise.all([
    nothing || q.type === 'College' ? [] : overdueByHostel(ctx, period, filter, now),
    nothing ? { under1d: 0, d1to3: 0, d3to7: 0, over7d: 0 } : backlogByAge(ctx, filter, now),
    ...spans.map((span) => countSpan(ctx, t, span, filter)),
  ]);
  const { totals, byMonth, byCategory, byHostel } = t;
  const filed = totals.Pending + totals['In Progress'] + totals.Resolved + totals.Rejected;

  const overdueOf = new Map(overdue.map((r) => [Number(r.hostel_no), Number(r.n)]));
  const hostels = q.type === 'College' ? [] : q.hostelNo !== undefined ? [q.hostelNo] : [...HOSTEL_NUMBERS];

  return {
    from: period.from,
    to: period.to,
    filed,
    resolved: totals.Resolved,
    rejected: totals.Rejected,
    resolutionHours: { median: quantile(t.resolution, 0.5), p90: quantile(t.resolution, 0.9) },
    firstResponseHours: { median: quantile(t.response, 0.5), p90: quantile(t.response, 0.9) },
    byMonth: months.map((m) => {
      const x = byMonth.get(m) as { filed: number; resolved: number; hist: Histogram };
      return {
        month: monthLabel(m),
        filed: x.filed,
        resolved: x.resolved,
        medianResolutionHours: quantile(x.hist, 0.5),
      };
    }),
    // a category filed only on days the period leaves out was added and taken away again
    byCategory: [...byCategory.values()]
      .filter((c) => c.filed > 0)
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
    backlog,
  };
}

/**
 * Overdue now, per hostel, among the complaints filed in the period: the open complaints walked in
 * hostel order (complaints_open_hostel_idx, which holds due_at and created_at), so the grouping
 * sorts nothing and no row is read. The `+` keeps a planner from seeking the period on the open
 * complaints' filing-time index, or the due dates on a due-date index, and then sorting what it
 * finds by hostel or reading each row (ten times slower at a million complaints).
 */
function overdueByHostel(ctx: Ctx, p: Period, f: Filter, now: number) {
  let query = ctx.database.db
    .selectFrom('complaints')
    .where(OPEN_SQL)
    .where('hostel_no', 'is not', null)
    .where(sql<number>`+due_at`, '<=', now)
    .where(sql<number>`+created_at`, '>=', p.start)
    .where(sql<number>`+created_at`, '<', p.end);
  // with a hostel a complaint is of type Hostel, so the type filter has nothing to add here
  if (f.hostelNo !== undefined) query = query.where('hostel_no', '=', f.hostelNo);
  return query
    .select((eb) => ['hostel_no', eb.fn.countAll<number | string>().as('n')])
    .groupBy('hostel_no')
    .execute();
}

/**
 * The complaints Pending or In Progress now, by time since filing: each band's edge in the older
 * band, from three counts of the open complaints filed after a moment and one of all of them (a
 * range count of an index is far cheaper than testing every open complaint against each band).
 */
async function backlogByAge(ctx: Ctx, f: Filter, now: number) {
  const openSince = async (days: number | null) => {
    let query = ctx.database.db.selectFrom('complaints').where(OPEN_SQL);
    if (days !== null) query = query.where('created_at', '>', now - days * DAY_MS);
    if (f.hostelNo !== undefined) query = query.where('hostel_no', '=', f.hostelNo);
    // not a term the open complaints' type index could seek: the filing-time one (which holds
    // type) counts the range without reading a row
    if (f.type) query = query.where(sql<boolean>`type || '' = ${f.type}`);
    const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const [day, threeDays, week, all] = await Promise.all([
    openSince(1),
    openSince(3),
    openSince(7),
    openSince(null),
  ]);
  return { under1d: day, d1to3: threeDays - day, d3to7: week - threeDays, over7d: all - week };
}
