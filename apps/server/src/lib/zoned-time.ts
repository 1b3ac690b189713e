/** Calendar dates and wall-clock times in a time zone (TIME_ZONE), for timed jobs and mails. */
import { instantFormat } from '@bit/contract';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface ZonedParts {
  /** YYYY-MM-DD */
  day: string;
  /** minutes since local midnight */
  minuteOfDay: number;
}

/** The local calendar day and time of day of an instant in a zone. */
export function zonedParts(ms: number, zone: string): ZonedParts {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** "24 Nov 2026, 14:05 IST": an instant as mails and pages write it, in the college's zone (the contract's format). */
export function formatZoned(ms: number, zone: string): string {
  return instantFormat(zone).format(ms);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return wall - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

/** The instant a local calendar day (YYYY-MM-DD) begins in a zone. */
export function zonedDayStart(day: string, zone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // the offset at the guess, then once more at the result, for a day that starts across a DST change
  let ms = wall - offsetAt(wall, zone);
  ms = wall - offsetAt(ms, zone);
  return ms;
}

/** The local calendar month of an instant as YYYYMM (202611), the report's month key. */
export function zonedMonth(ms: number, zone: string): number {
  const { day } = zonedParts(ms, zone);
  return Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));
}

/** The local calendar day of an instant as YYYYMMDD (20261124), the report's day key. */
export function zonedDay(ms: number, zone: string): number {
  return Number(zonedParts(ms, zone).day.replaceAll('-', ''));
}

/** The local day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const secondFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a zone, to the second, as epoch milliseconds of that reading in UTC. */
function wallClock(ms: number, zone: string): number {
  let f = secondFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    secondFormatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/**
 * Offsets by quarter hour of UTC time, per zone: a zone's offset changes at most a few times a year,
 * so an export's thousands of dates are written with a few Intl calls instead of one each (an
 * Intl.formatToParts is about 9 µs, three a row). null: the offset changes within the quarter (a
 * few old changes fall on odd seconds), so each instant there is read on its own.
 */
const QUARTER_MS = 15 * 60_000;
const quarterOffsets = new Map<string, Map<number, number | null>>();

function offsetOfQuarter(quarter: number, zone: string): number | null {
  let offsets = quarterOffsets.get(zone);
  if (!offsets) {
    offsets = new Map();
    quarterOffsets.set(zone, offsets);
  }
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const end = start + QUARTER_MS - 1000;
    const atStart = wallClock(start, zone) - start;
    offset = wallClock(end, zone) - end === atStart ? atStart : null;
    // a long export walks back through time: the quarters it has left are not read again
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

/**
 * "2026-11-27 00:53:49": an instant's wall-clock date and time in a zone, to the second, as
 * spreadsheet programs read a date and time (the CSV export, CONTRACT 6.6).
 */
export function zonedDateTime(ms: number, zone: string): string {
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  const offset = offsetOfQuarter(Math.floor(whole / QUARTER_MS), zone);
  const wall = offset === null ? wallClock(whole, zone) : whole + offset;
  return new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
}
