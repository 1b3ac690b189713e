// Dates as the app shows them, in the India locale (en-IN) like the rest of the screens.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const count = new Intl.NumberFormat('en-IN');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

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

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant with its time: "24 Nov 2026, 7:19 pm" (the browser's time zone); "—" when unreadable. */
export function formatInstant(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '—' : dateTime.format(at);
}

// Calendar days and months are labels, not instants: formatted in UTC so no time zone moves them.
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD day as "1 Jan 2025"; anything else as it is. */
export function formatDay(day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : dayFormat.format(at);
}

/** A YYYY-MM month as "Jan 2025"; anything else as it is. */
export function formatMonth(month: string): string {
  const at = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(at) ? month : monthFormat.format(at);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's calendar day of an instant, YYYY-MM-DD. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
