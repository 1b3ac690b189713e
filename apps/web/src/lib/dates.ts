// Every date the app shows is written here, nowhere else: the India locale (en-IN), day month year, a
// 24-hour time without seconds, in the server's TIME_ZONE (CONTRACT 5.5), which the server tells in
// GET /api/config. Until it has answered, the contract's default zone stands.
import { DEFAULT_TIME_ZONE, instantFormat } from '@bit/contract';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export { DEFAULT_TIME_ZONE };

let zone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

function makeFormats(timeZone: string) {
  return {
    /** "24 Nov 2026, 14:05 IST", as the mails write it (the contract's format) */
    instant: instantFormat(timeZone),
    /** "24 Nov 2026" */
    date: new Intl.DateTimeFormat('en-IN', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }),
    /** the zone's calendar day, as parts */
    day: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  };
}

// Every Intl format is made on first use: the first one a page builds loads the locale data (tens of
// milliseconds on a phone's CPU), which a screen without a date (the home page, the login forms)
// should not pay for while it loads.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

let made: ReturnType<typeof makeFormats> | null = null;
const formats = () => {
  made ??= makeFormats(zone);
  return made;
};

/** The zone dates are shown in. */
export const timeZone = () => zone;

/**
 * Shows every date from now on in this IANA zone (the server's TIME_ZONE); an unknown zone is ignored.
 * Screens that show dates through `useTimeZone` are drawn again.
 */
export function setTimeZone(next: string) {
  if (!next || next === zone) return;
  let candidate: ReturnType<typeof makeFormats>;
  try {
    candidate = makeFormats(next);
  } catch {
    return;
  }
  zone = next;
  made = candidate;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called when the zone changes. */
export function subscribeTimeZone(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const count = once(() => new Intl.NumberFormat('en-IN'));
const plural = (n: number, one: string, many: string) => `${count().format(n)} ${n === 1 ? one : many}`;

/**
 * How long a complaint has been past its due time, in whole days from a day on, else whole hours:
 * "3 days overdue", "1 day overdue", "5 hours overdue", "Under an hour overdue". A due time the
 * browser's clock puts in the future (the server said it is overdue, and clocks differ) reads as under
 * an hour.
 */
export function overdueAge(dueAt: string, now: number = Date.now()): string {
  const past = now - Date.parse(dueAt);
  // written so that NaN (an unreadable time) falls to the first case
  if (!(past >= HOUR_MS)) return 'Under an hour overdue';
  if (past < DAY_MS) return `${plural(Math.floor(past / HOUR_MS), 'hour', 'hours')} overdue`;
  return `${plural(Math.floor(past / DAY_MS), 'day', 'days')} overdue`;
}

/** An instant with its time: "24 Nov 2026, 19:19 IST" (in TIME_ZONE); "—" when unreadable. */
export function formatInstant(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '—' : formats().instant.format(at);
}

/** The day of an instant: "24 Nov 2026" (in TIME_ZONE); "—" when unreadable. */
export function formatDate(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '—' : formats().date.format(at);
}

const relative = once(() => new Intl.RelativeTimeFormat('en-IN', { numeric: 'always' }));

/**
 * How long ago an instant was, for lists and cards where age matters: "just now", "5 minutes ago",
 * "3 hours ago", "3 days ago", "2 months ago", "1 year ago". An instant the browser's clock puts ahead
 * (clocks differ) is "just now"; an unreadable one "".
 */
export function relativeAge(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const past = now - at;
  if (past < MINUTE_MS) return 'just now';
  if (past < HOUR_MS) return relative().format(-Math.floor(past / MINUTE_MS), 'minute');
  if (past < DAY_MS) return relative().format(-Math.floor(past / HOUR_MS), 'hour');
  const days = Math.floor(past / DAY_MS);
  if (days < 30) return relative().format(-days, 'day');
  if (days < 365) return relative().format(-Math.floor(days / 30), 'month');
  return relative().format(-Math.floor(days / 365), 'year');
}

// Calendar days and months are labels, not instants: formatted in UTC so no time zone moves them.
const dayFormat = once(
  () =>
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const monthFormat = once(
  () => new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const monthNameFormat = once(() => new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' }));

/** A YYYY-MM-DD day as "1 Jan 2025"; anything else as it is. */
export function formatDay(day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : dayFormat().format(at);
}

/** A YYYY-MM month as "Jan 2025"; anything else as it is. */
export function formatMonth(month: string): string {
  const at = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(at) ? month : monthFormat().format(at);
}

/** A YYYY-MM month's name alone, "Jan" (chart labels); anything else as it is. */
export function formatMonthName(month: string): string {
  const at = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(at) ? month : monthNameFormat().format(at);
}

/** The calendar day of an instant in TIME_ZONE, YYYY-MM-DD: the days a report's period is made of. */
export function localDay(date: Date = new Date()): string {
  const parts = Object.fromEntries(
    formats()
      .day.formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `days` after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The day after the same day a year before: with `day` itself, twelve months (365 or 366 days). */
export function yearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // 29 Feb goes back to 1 Mar of a common year, which Date.UTC does by itself
  return addDays(new Date(Date.UTC(y - 1, m - 1, d)).toISOString().slice(0, 10), 1);
}
