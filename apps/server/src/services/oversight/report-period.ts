import {
  REPORT_DAYS_DEFAULT,
  type TComplaintStatus,
  type TComplaintType,
  type TReportQuery,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { HOUR_MS } from '../../lib/hour-buckets';
import { addDays, zonedDayStart, zonedMonth, zonedParts } from '../../lib/zoned-time';
import { rollupCount } from './report.queries';

/**
 * A report's period of filing days (CONTRACT 5.6, 6.6), the rollup rows that make it up (decision
 * 0018), and the count of its filings, which the admin list and the export share with the report.
 */

export const DAY_MS = 24 * HOUR_MS;

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
export function monthsBetween(first: number, last: number): number[] {
  const months: number[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

export const monthLabel = (m: number) => `${Math.floor(m / 100)}-${String(m % 100).padStart(2, '0')}`;

/** The report's filters (and a period list's): a type, a hostel. */
export type ReportFilter = { type?: TComplaintType | undefined; hostelNo?: number | undefined };

const dayNumber = (day: string) => Number(day.replaceAll('-', ''));
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY_MS;
/** The YYYYMM of a rollup row's period (a YYYYMM or a YYYYMMDD). */
export const monthOf = (period: number) => (period > 999_999 ? Math.floor(period / 100) : period);

/** A run of rollup rows to add (or take away): whole months (YYYYMM) or days (YYYYMMDD), both ends in. */
export interface Span {
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
export function spansOf(p: Period, today: string): Span[] {
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

/** A status as the rollup stores it: its place in this list (migration 009). */
export const STATUS_BY_CODE: TComplaintStatus[] = ['Pending', 'In Progress', 'Resolved', 'Rejected'];

/**
 * The complaints filed in a period, of a type, in a hostel and in a status where those are given:
 * the count of a list or export with `from` and `to` (CONTRACT 6.6), added up from the rollup as
 * the report adds up its `filed`, so the two agree and a year costs a few rollup ranges, not a walk
 * of its complaints.
 */
export async function countFiledInPeriod(
  ctx: Ctx,
  period: Period,
  f: ReportFilter & { status?: TComplaintStatus | undefined },
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
