import {
  HOSTEL_NUMBERS,
  REPORT_DAYS_DEFAULT,
  type TComplaintStatus,
  type TComplaintType,
  type TReport,
  type TReportQuery,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { addTo, exactQuantile, type Histogram, HOUR_MS, quantile } from '../../lib/hour-buckets';
import { addDays, zonedDayStart, zonedMonth, zonedParts } from '../../lib/zoned-time';
import {
  countOpen,
  filedTimes,
  overdueByHostel,
  type RollupArgs,
  rollupByCategory,
  rollupByHostel,
  rollupByPeriod,
  rollupByValue,
  rollupCount,
} from './report.queries';

const DAY_MS = 24 * HOUR_MS;

/** The report's period: its days, as instants, and the filing months it touches (YYYYMM). */
export interface Period {
  from: string;
  to: string;
  start: number;
  end: number;
  firstMonth: number;
  lastMonth: number;
}

/**
 * The period of `from` and `to` (days in TIME_ZONE, both included), as the report takes them and so
 * the admin list and the export too (CONTRACT 6.6): one day left out is REPORT_DAYS_DEFAULT days from
 * or up to the other; both left out, the last REPORT_DAYS_DEFAULT days up to today.
 */
export function periodOf(ctx: Ctx, q: Pick<TReportQuery, 'from' | 'to'>): Period {
  const zone = ctx.config.timeZone;
  const to =
    q.to ?? (q.from ? addDays(q.from, REPORT_DAYS_DEFAULT - 1) : zonedParts(ctx.clock.now(), zone).day);
  const from = q.from ?? addDays(to, -(REPORT_DAYS_DEFAULT - 1));
  const start = zonedDayStart(from, zone);
  const end = zonedDayStart(addDays(to, 1), zone);
  return { from, to, start, end, firstMonth: zonedMonth(start, zone), lastMonth: zonedMonth(end - 1, zone) };
}

/** The YYYYMM after a YYYYMM. */
const nextMonth = (m: number) => (m % 100 === 12 ? m + 89 : m + 1);

/** Every month from one YYYYMM to another, both included. */
function monthsBetween(first: number, last: number): number[] {
  const months: number[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

const monthLabel = (m: number) => `${Math.floor(m / 100)}-${String(m % 100).padStart(2, '0')}`;

type Filter = { type?: TComplaintType | undefined; hostelNo?: number | undefined };

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
    const key = categoryKey(type, subType);
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

/**
 * Percentiles are exact while the period's complaints (under the report's filters) are at most this
 * many: they are then read whole, one row each (2,000 add about 6 ms to the report on SQLite in process
 * and 15-20 ms on PostgreSQL, against its 300 ms at a million complaints), where a large period is added
 * up from the rollup's hour buckets, within the contract's 1 hour or 5%. A college filing twenty
 * complaints a day has its 90 days under it, as has any small data set (the demo's, a new
 * installation's first months), so the figures read are the true ones instead of a bucket's middle
 * (issue 33 row 7: every median read 49.5 h). Above it no complaint is read: the rollup's count says
 * so first. Under a hostel or type filter the period's other complaints are passed over in the
 * filing-time index without reading their rows.
 */
export const EXACT_PERCENTILES_MAX = 2_000;

/** The durations behind the report's percentiles, in hours, read whole. */
interface ExactTimes {
  resolution: number[];
  response: number[];
  byMonth: Map<number, number[]>;
  byCategory: Map<string, number[]>;
}

const categoryKey = (type: TComplaintType, subType: string) => `${type}\u0000${subType}`;

/**
 * The period's durations read from its complaints, when they are at most EXACT_PERCENTILES_MAX and
 * say the same as the rollup (as many resolved and responded to; they differ only for rows filed
 * before TIME_ZONE changed, or written without resolved_at by hand): else null, and the buckets stand.
 */
async function exactTimes(
  ctx: Ctx,
  p: Period,
  f: Filter,
  t: Tally,
  filed: number,
): Promise<ExactTimes | null> {
  if (filed === 0 || filed > EXACT_PERCENTILES_MAX) return null;
  const rows = await filedTimes(
    ctx.database,
    { hostel: f.hostelNo !== undefined, type: f.type !== undefined },
    {
      start: p.start,
      end: p.end,
      hostelNo: f.hostelNo ?? 0,
      type: f.type ?? 'Hostel',
      limit: EXACT_PERCENTILES_MAX + 1,
    },
  );
  if (rows.length > EXACT_PERCENTILES_MAX) return null;
  const times: ExactTimes = { resolution: [], response: [], byMonth: new Map(), byCategory: new Map() };
  const push = <K>(m: Map<K, number[]>, key: K, hours: number) => {
    const list = m.get(key);
    if (list) list.push(hours);
    else m.set(key, [hours]);
  };
  // negative durations (clock skew) count as 0, as the buckets do
  const hoursFrom = (filedAt: number, at: number) => Math.max(0, at - filedAt) / HOUR_MS;
  for (const r of rows) {
    const filedAt = Number(r.created_at);
    if (r.first_response_at !== null) times.response.push(hoursFrom(filedAt, Number(r.first_response_at)));
    if (r.resolved_at === null) continue;
    const hours = hoursFrom(filedAt, Number(r.resolved_at));
    times.resolution.push(hours);
    push(times.byMonth, Number(r.filed_month), hours);
    push(times.byCategory, categoryKey(r.type, r.sub_type), hours);
  }
  let responded = 0;
  for (const n of t.response.values()) responded += n;
  if (times.resolution.length !== t.totals.Resolved || times.response.length !== responded) return null;
  return times;
}

const STATUS_BY_CODE: TComplaintStatus[] = ['Pending', 'In Progress', 'Resolved', 'Rejected'];
const statusOf = (code: number) => STATUS_BY_CODE[code] as TComplaintStatus;

/**
 * One span of the rollup (migration 009), grouped by the database per breakdown: a year of month
 * rows holds tens of thousands of rows, their groups a few hundred.
 */
async function countSpan(ctx: Ctx, t: Tally, span: Span, f: Filter) {
  const shape = { hostel: f.hostelNo !== undefined, type: f.type !== undefined };
  const args = (k: 's' | 'S' | 'r' | 'R' | 'f' | 'F'): RollupArgs => ({
    kind: `${span.unit}${k}`,
    first: span.first,
    last: span.last,
    hostelNo: f.hostelNo ?? 0,
    type: f.type ?? 'Hostel',
  });
  // over all hostels, or one hostel's own
  const [status, resolution, response] =
    f.hostelNo === undefined ? (['s', 'r', 'f'] as const) : (['S', 'R', 'F'] as const);
  const db = ctx.database;
  const [months, categories, hostels, resolutionMonths, resolutionCategories, responses] = await Promise.all([
    rollupByPeriod(db, shape, args(status)),
    rollupByCategory(db, shape, args(status)),
    rollupByHostel(db, shape, args('S')),
    rollupByPeriod(db, shape, args(resolution)),
    rollupByCategory(db, shape, args(resolution)),
    rollupByValue(db, shape, args(response)),
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
 * The complaints filed in a period, of a type, in a hostel and in a status where those are given:
 * the count of a list or export with `from` and `to` (CONTRACT 6.6), added up from the rollup as
 * the report adds up its `filed`, so the two agree and a year costs a few rollup ranges, not a walk
 * of its complaints.
 */
export async function countFiledInPeriod(
  ctx: Ctx,
  period: Period,
  f: Filter & { status?: TComplaintStatus | undefined },
): Promise<number> {
  if (f.hostelNo !== undefined && f.type === 'College') return 0;
  const spans = spansOf(period, zonedParts(ctx.clock.now(), ctx.config.timeZone).day);
  const shape = {
    hostel: f.hostelNo !== undefined,
    type: f.type !== undefined,
    status: f.status !== undefined,
  };
  const counts = await Promise.all(
    spans.map(async (span) => {
      const [row] = await rollupCount(ctx.database, shape, {
        kind: `${span.unit}${f.hostelNo === undefined ? 's' : 'S'}`,
        first: span.first,
        last: span.last,
        hostelNo: f.hostelNo ?? 0,
        type: f.type ?? 'Hostel',
        value: f.status === undefined ? 0 : STATUS_BY_CODE.indexOf(f.status),
      });
      return span.sign * Number(row?.n ?? 0);
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * CONTRACT 5.6: filed, resolved and rejected, resolution and first-response times, by month,
 * category and hostel, and the backlog by age, over the complaints filed in the period.
 * Percentiles are exact for a period of at most EXACT_PERCENTILES_MAX complaints, else from hour
 * buckets (lib/hour-buckets.ts), within the contract's tolerance.
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
    nothing || q.type === 'College' ? [] : overdueHostels(ctx, period, filter, now),
    nothing ? { under1d: 0, d1to3: 0, d3to7: 0, over7d: 0 } : backlogByAge(ctx, filter, now),
    ...spans.map((span) => countSpan(ctx, t, span, filter)),
  ]);
  const { totals, byMonth, byCategory, byHostel } = t;
  const filed = totals.Pending + totals['In Progress'] + totals.Resolved + totals.Rejected;
  const exact = await exactTimes(ctx, period, filter, t, filed);
  const median = (hist: Histogram, hours: number[] | undefined) =>
    exact ? exactQuantile(hours ?? [], 0.5) : quantile(hist, 0.5);

  const overdueOf = new Map(overdue.map((r) => [Number(r.hostel_no), Number(r.n)]));
  const hostels = q.type === 'College' ? [] : q.hostelNo !== undefined ? [q.hostelNo] : [...HOSTEL_NUMBERS];

  return {
    from: period.from,
    to: period.to,
    filed,
    resolved: totals.Resolved,
    rejected: totals.Rejected,
    resolutionHours: exact
      ? { median: exactQuantile(exact.resolution, 0.5), p90: exactQuantile(exact.resolution, 0.9) }
      : { median: quantile(t.resolution, 0.5), p90: quantile(t.resolution, 0.9) },
    firstResponseHours: exact
      ? { median: exactQuantile(exact.response, 0.5), p90: exactQuantile(exact.response, 0.9) }
      : { median: quantile(t.response, 0.5), p90: quantile(t.response, 0.9) },
    byMonth: months.map((m) => {
      const x = byMonth.get(m) as { filed: number; resolved: number; hist: Histogram };
      return {
        month: monthLabel(m),
        filed: x.filed,
        resolved: x.resolved,
        medianResolutionHours: median(x.hist, exact?.byMonth.get(m)),
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
        medianResolutionHours: median(c.hist, exact?.byCategory.get(categoryKey(c.type, c.subType))),
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

/** Overdue now, per hostel, among the complaints filed in the period (report.queries.ts). */
function overdueHostels(ctx: Ctx, p: Period, f: Filter, now: number) {
  return overdueByHostel(
    ctx.database,
    { hostel: f.hostelNo !== undefined },
    { now, start: p.start, end: p.end, hostelNo: f.hostelNo ?? 0 },
  );
}

/**
 * The complaints Pending or In Progress now, by time since filing: each band's edge in the older
 * band, from three counts of the open complaints filed after a moment and one of all of them (a
 * range count of an index is far cheaper than testing every open complaint against each band).
 */
async function backlogByAge(ctx: Ctx, f: Filter, now: number) {
  const openSince = async (days: number | null) => {
    const [row] = await countOpen(
      ctx.database,
      { since: days !== null, hostel: f.hostelNo !== undefined, type: f.type !== undefined },
      { after: now - (days ?? 0) * DAY_MS, hostelNo: f.hostelNo ?? 0, type: f.type ?? 'Hostel' },
    );
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
