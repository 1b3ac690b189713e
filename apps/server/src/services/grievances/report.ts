import {
  COMMITTEE_NAMES,
  COMMITTEES,
  GRIEVANCE_REPORT_COLUMNS,
  grievanceReportFileName,
  type TCommitteeKey,
  type TGrievanceReport,
  type TGrievanceReportQuery,
  type TGrievanceReportRow,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { zonedDayStart } from '../../lib/zoned-time';
import { periodOf } from '../oversight/report-period';
import { countsByCommittee } from './report.queries';

/** The month (YYYY-MM) after one. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 === 1
    ? (values[mid] as number)
    : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}

/**
 * The median of a list of working days as the statement aggregates it ("12,7,15": comma-separated
 * whole numbers, in no order). Read in one pass into a count per number of days (a few dozen values)
 * instead of split, mapped and sorted: that was 13 ms of a year's request at 100,000 grievances,
 * as much as its statements. Anything else (a sign, a fraction, a huge number: never stored) takes
 * the sort.
 */
export function medianOfList(list: string): number | null {
  const counts: number[] = [];
  let n = 0;
  let value = -1;
  for (let i = 0; i <= list.length; i++) {
    const c = i < list.length ? list.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) value = value < 0 ? c - 48 : value * 10 + c - 48;
    else if (c === 44 && value >= 0 && value < 100_000) {
      counts[value] = (counts[value] ?? 0) + 1;
      n++;
      value = -1;
    } else return median(list.split(',').map(Number));
  }
  if (n === 0) return null;
  // the values at positions n >> 1 and, for an even n, the one before it
  const upper = n >> 1;
  const lower = n % 2 === 1 ? upper : upper - 1;
  let seen = 0;
  let low = -1;
  for (const [days, count] of counts.entries()) {
    if (count === undefined) continue;
    seen += count;
    if (low < 0 && seen > lower) low = days;
    if (seen > upper) return (low + days) / 2;
  }
  return null;
}

/**
 * CONTRACT 7.4: per committee and month of submission (in TIME_ZONE), over the grievances submitted
 * in the period (`from`, `to` as the complaint report's, periodOf): received, decided, decided by
 * `dueAt`, appealed, appeals decided by their `dueAt`, open past due now, and the median working
 * days (7.1) from submission to the committee's decision. Counts only: the confidential committees
 * are counted as the others, and no subject, description or name is read.
 *
 * The counts are aggregated in SQL, a statement per month, from grievances_report_days_idx alone;
 * the median from each month's list of the working days stored on each decided grievance when it
 * was decided (workingDaysBetween with the holidays known then: fixed once made, decision 0033).
 */
export async function grievanceReport(ctx: Ctx, q: TGrievanceReportQuery): Promise<TGrievanceReport> {
  const zone = ctx.config.timeZone;
  const db = ctx.database.db;
  const period = periodOf(ctx, q);
  const now = ctx.clock.now();

  // the months the period touches, and the first instant of each after the first
  const months = [period.from.slice(0, 7)];
  while ((months.at(-1) as string) < period.to.slice(0, 7)) months.push(nextMonth(months.at(-1) as string));
  const bounds = months.slice(1).map((m) => zonedDayStart(`${m}-01`, zone));

  // a statement per month: each groups by committee in the index's order, sorting nothing
  const monthStarts = [period.start, ...bounds];
  const rows = new Map<string, TGrievanceReportRow>();
  const keyOf = (committee: string, month: number) => `${committee}|${month}`;
  for (const [i, start] of monthStarts.entries()) {
    const end = monthStarts[i + 1] ?? period.end;
    for (const c of await countsByCommittee(db, ctx.database.dialect, { start, end, now })) {
      rows.set(keyOf(c.committee, i), {
        committee: c.committee as TCommitteeKey,
        month: months[i] as string,
        received: Number(c.received),
        decided: Number(c.decided),
        decidedByDue: Number(c.decided_by_due),
        appealed: Number(c.appealed),
        appealsDecidedByDue: Number(c.appeals_by_due),
        openPastDue: Number(c.open_past_due),
        medianWorkingDays: c.working_days ? medianOfList(c.working_days) : null,
      });
    }
  }

  const order = (c: string) => COMMITTEES.indexOf(c as TCommitteeKey);
  return {
    from: period.from,
    to: period.to,
    rows: [...rows.values()].sort((a, b) =>
      a.committee === b.committee ? (a.month < b.month ? -1 : 1) : order(a.committee) - order(b.committee),
    ),
  };
}

/**
 * The same report as CSV (CONTRACT 7.4): a UTF-8 byte-order mark, the header line, one record per
 * row of the JSON, RFC 4180 quoting (lib/csv.ts, as the complaint export); the month is YYYY-MM in
 * TIME_ZONE. The file name says the period.
 */
export async function grievanceReportCsv(
  ctx: Ctx,
  q: TGrievanceReportQuery,
): Promise<{ filename: string; csv: string }> {
  const report = await grievanceReport(ctx, q);
  let csv = CSV_BOM + csvRow(GRIEVANCE_REPORT_COLUMNS);
  for (const r of report.rows)
    csv += csvRow([
      r.committee,
      COMMITTEE_NAMES[r.committee],
      r.month,
      r.received,
      r.decided,
      r.decidedByDue,
      r.appealed,
      r.appealsDecidedByDue,
      r.openPastDue,
      r.medianWorkingDays,
    ]);
  return { filename: grievanceReportFileName(report), csv };
}
