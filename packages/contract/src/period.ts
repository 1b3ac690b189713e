/**
 * A period of filing days, `from` and `to` (YYYY-MM-DD in TIME_ZONE, both included): the report's
 * (CONTRACT 5.6), and the admin list's and the export's (6.6). No zod here: the reports screen checks
 * a period before asking for it, and this module is all it brings into its bundle.
 */
import { HOSTEL_MAX, HOSTEL_MIN } from './enums';

/** A period covers at most this many days, both ends included (CONTRACT 5.6). */
export const REPORT_DAYS_MAX = 366;
/** Without `from` and `to`, the report covers the last this many days up to today. */
export const REPORT_DAYS_DEFAULT = 90;
/**
 * The days a period may name. No complaint is older than the clock's epoch, and the last year stops short of
 * 9999 so that a default period reckoned from a day (90 days on) is still a four-digit year.
 */
export const REPORT_DAY_MIN = '1970-01-01';
export const REPORT_DAY_MAX = '9998-12-31';

export const MSG_REPORT = {
  dateInvalid: 'Dates must be real days written YYYY-MM-DD',
  rangeReversed: '"from" must not be after "to"',
  rangeTooLong: `A report covers at most ${REPORT_DAYS_MAX} days`,
  hostelInvalid: `Hostel number must be between ${HOSTEL_MIN} and ${HOSTEL_MAX}`,
  dateOutOfRange: `Dates must be between ${REPORT_DAY_MIN} and ${REPORT_DAY_MAX}`,
} as const;

/** YYYY-MM-DD that names a real calendar day. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both included: 1 for the same day. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What is wrong with a period whose days are each valid (or left out): `from` after `to` (said of
 * `from`), or more than REPORT_DAYS_MAX days (said of `to`); null when nothing is.
 */
export function periodIssue(
  from: string | undefined,
  to: string | undefined,
): { field: 'from' | 'to'; message: string } | null {
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to)) return null;
  if (from < REPORT_DAY_MIN || to > REPORT_DAY_MAX) return null;
  if (from > to) return { field: 'from', message: MSG_REPORT.rangeReversed };
  if (daysInRange(from, to) > REPORT_DAYS_MAX) return { field: 'to', message: MSG_REPORT.rangeTooLong };
  return null;
}
