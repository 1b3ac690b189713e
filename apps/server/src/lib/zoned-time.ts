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
