import { EXPORT_COLUMNS, type TExportQuery } from '@bit/contract';
import type { Ctx } from '../../context';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { zonedDateTime, zonedParts } from '../../lib/zoned-time';
import { type AuditSource, recordAudit } from '../oversight/audit';
import { adminFilterOf, adminListFilter } from './admin-list';
import { fetchPage } from './list-page';
import { ratingsOf } from './queries';
import { type ShownComplaint, toComplaint } from './rows';

/**
 * Rows per page: a page is read, turned into CSV and handed over in one go (about 7 ms at 250
 * rows on the bench machine), so this bounds how long a request that arrives meanwhile waits.
 */
export const EXPORT_BATCH = 250;

/** Lets the event loop run other requests' I/O between two pages (awaits alone do not). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One line. Dates are wall-clock times in TIME_ZONE, `YYYY-MM-DD HH:MM:SS` (CONTRACT 6.6): spreadsheet
 * programs read that as a date and time, where the API's UTC instants stayed text and put a complaint
 * filed at 00:53 IST on the day before.
 */
function recordOf(row: ShownComplaint, rating: number | undefined, now: number, zone: string) {
  const c = toComplaint(row, now);
  const date = (ms: number) => zonedDateTime(Number(ms), zone);
  const assigned = c.assignedTo
    ? c.assignedTo.designation
      ? `${c.assignedTo.name} (${c.assignedTo.designation})`
      : c.assignedTo.name
    : null;
  return csvRow([
    c.token,
    c.type,
    c.hostelNo,
    c.roomNo,
    c.subType,
    c.description,
    c.status,
    c.remarks,
    c.student.name,
    c.student.rollNo,
    assigned,
    date(row.created_at),
    date(row.updated_at),
    date(row.due_at),
    c.overdue,
    rating,
  ]);
}

/**
 * CONTRACT 5.6: every complaint matching the admin's filters (6.6: and filed in the period of `from`
 * and `to`), in the list's order (newest first; overdue ones most overdue first), as CSV text in pieces.
 * Read by keyset pages of EXPORT_BATCH rows rather than one open cursor (decision 0017): memory
 * stays bounded, and SQLite's single connection (one statement at a time) is free between pages,
 * so a million-row export does not hold up the requests around it. The caller pulls the next
 * piece only when the response has room for it.
 */
export async function* exportComplaintsCsv(ctx: Ctx, q: TExportQuery): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(EXPORT_COLUMNS);
  const chosen = adminFilterOf(q);
  if (!chosen) return;
  const list = adminListFilter(ctx, q);
  // one instant for the whole file, so `overdue` means the same on every line
  const now = ctx.clock.now();
  const zone = ctx.config.timeZone;
  let before: number | undefined;
  for (;;) {
    const rows = await fetchPage(ctx, chosen.filter, list, { page: 1, pageSize: EXPORT_BATCH, before }, now);
    if (rows.length === 0) return;
    const ids = rows.map((r) => Number(r.id));
    const ratings = new Map(
      (await ratingsOf(ctx.database, { ids })).map((r) => [Number(r.complaint_id), Number(r.rating)]),
    );
    yield rows.map((r) => recordOf(r, ratings.get(Number(r.id)), now, zone)).join('');
    if (rows.length < EXPORT_BATCH) return;
    // the next page goes on after the last row of this one, in the list's order
    before = ids.at(-1);
    await nextTurn();
  }
}

/**
 * Starts an export: its audit entry (CONTRACT 6.5, one per export) is committed before the first
 * byte is sent. The export itself writes nothing, so the entry has a transaction of its own; an
 * entry that cannot be written fails the request with a plain error, never a file without a trace.
 */
export async function startComplaintsExport(
  ctx: Ctx,
  by: AuditSource,
  q: TExportQuery,
): Promise<AsyncGenerator<string>> {
  await ctx.database.db
    .transaction()
    .execute((trx) =>
      recordAudit(trx, { ...by, action: 'complaints.export', target: null, at: ctx.clock.now() }),
    );
  return exportComplaintsCsv(ctx, q);
}

/** The export's file day: today in TIME_ZONE. */
export const exportDay = (ctx: Ctx) => zonedParts(ctx.clock.now(), ctx.config.timeZone).day;
