import { HOSTEL_NUMBERS, type TReport, type TReportQuery } from '@bit/contract';
import type { Ctx } from '../../context';
import { exactQuantile, type Histogram, quantile } from '../../lib/hour-buckets';
import { zonedParts } from '../../lib/zoned-time';
import { countOpen, overdueByHostel } from './report.queries';
import {
  DAY_MS,
  monthLabel,
  monthsBetween,
  type Period,
  periodOf,
  type ReportFilter,
  spansOf,
} from './report-period';
import { categoryKey, countSpan, exactTimes, Tally } from './report-tally';

/**
 * CONTRACT 5.6: filed, resolved and rejected, resolution and first-response times, by month,
 * category and hostel, and the backlog by age, over the complaints filed in the period.
 * Percentiles are exact for a period of at most EXACT_PERCENTILES_MAX complaints, else from hour
 * buckets (lib/hour-buckets.ts), within the contract's tolerance.
 */
export async function complaintReport(ctx: Ctx, q: TReportQuery): Promise<TReport> {
  const period = periodOf(ctx, q);
  const now = ctx.clock.now();
  const filter: ReportFilter = { type: q.type, hostelNo: q.hostelNo };
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
function overdueHostels(ctx: Ctx, p: Period, f: ReportFilter, now: number) {
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
async function backlogByAge(ctx: Ctx, f: ReportFilter, now: number) {
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
