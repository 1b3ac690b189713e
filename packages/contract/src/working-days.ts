/**
 * CONTRACT 7.1: working days. A working day is a day of `WORKING_DAYS` (in `TIME_ZONE`) that is not one
 * of the year's holidays. No zod here: the server's configuration and the web's screens import it.
 */

/** The days of the week as `WORKING_DAYS` names them, Sunday first (as `Date#getUTCDay` counts). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

/** `WORKING_DAYS` when it is not set. */
export const DEFAULT_WORKING_DAYS: readonly TWeekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/**
 * `WORKING_DAYS` read: three-letter English day names, comma-separated (spaces around them allowed),
 * each at most once, at least one; returned in the week's order from Monday. A string is what is wrong
 * with it, to be named with the variable.
 */
export function parseWorkingDays(text: string): TWeekday[] | string {
  const names = text.split(',').map((s) => s.trim());
  const bad = names.find((n) => !(WEEKDAYS as readonly string[]).includes(n));
  if (bad !== undefined)
    return `${JSON.stringify(bad)} is not a day; give three-letter English day names, comma-separated (e.g. Mon,Tue,Wed,Thu,Fri)`;
  if (new Set(names).size !== names.length) return 'a day is named twice';
  const days = new Set(names);
  return [...WEEKDAYS.slice(1), WEEKDAYS[0]].filter((d) => days.has(d));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string) {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, to the second, read as if it were UTC. */
function wallClock(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayInZone(ms: number, timeZone: string): string {
  return new Date(wallClock(ms, timeZone)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time (read as UTC milliseconds) happens in a zone. */
function instantOfWallClock(wall: number, timeZone: string): number {
  // the offset at the guess, then once more at the result, for a time across a daylight-saving change
  let ms = wall - (wallClock(wall, timeZone) - wall);
  ms = wall - (wallClock(ms, timeZone) - ms);
  return ms;
}

export interface TWorkingCalendar {
  /** TIME_ZONE: days begin and end at its midnight */
  timeZone: string;
  /** WORKING_DAYS */
  workingDays: readonly TWeekday[];
  /** the holidays' days (YYYY-MM-DD), of every year the count may reach: the next year's too at a year's end */
  holidays: ReadonlySet<string> | readonly string[];
}

/**
 * CONTRACT 7.1, "N working days after" an instant: the end (23:59:59 in TIME_ZONE) of the N-th working
 * day after the instant's own day (that day never counts, working or not), a working day being a day
 * of WORKING_DAYS that is not a holiday. N = 0 is the end of the instant's own day.
 *
 * A deadline is computed once, when it is set, and kept (a grievance stores its `dueAt`): a later
 * change of the holidays moves no deadline already set. The caller hands over the holidays from the
 * instant's day on, reaching into the next year when the count can (15 working days from late
 * December do).
 */
export function workingDaysAfter(at: number | Date, n: number, calendar: TWorkingCalendar): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a whole number, 0 or more');
  if (calendar.workingDays.length === 0) throw new RangeError('no working day in the week');
  const holidays = calendar.holidays instanceof Set ? calendar.holidays : new Set(calendar.holidays);
  const working = new Set<number>(calendar.workingDays.map((d) => WEEKDAYS.indexOf(d)));
  const ms = typeof at === 'number' ? at : at.getTime();
  // days are walked as UTC midnights of the zone's calendar days: no zone arithmetic inside the loop
  let day = Date.parse(`${dayInZone(ms, calendar.timeZone)}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    day += 86_400_000;
    const date = new Date(day);
    if (working.has(date.getUTCDay()) && !holidays.has(date.toISOString().slice(0, 10))) left -= 1;
  }
  return new Date(instantOfWallClock(day + 86_399_000, calendar.timeZone));
}

const DAY_MS = 86_400_000;

/**
 * Whether a day (YYYY-MM-DD) is a working day: a day of WORKING_DAYS that is not a holiday. The one
 * test of it for counting (workingDaysBetween, and the grievance report's counts of many at once).
 */
export function isWorkingDay(
  day: string,
  calendar: Pick<TWorkingCalendar, 'workingDays' | 'holidays'>,
): boolean {
  const holidays = calendar.holidays instanceof Set ? calendar.holidays : new Set(calendar.holidays);
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] as TWeekday;
  return calendar.workingDays.includes(weekday) && !holidays.has(day);
}

/**
 * CONTRACT 7.4's "working days to a decision": the working days after `from`'s day (in TIME_ZONE) up to
 * and including `to`'s day; 0 when `to` falls on `from`'s day (or before it). It answers
 * workingDaysAfter back: `to` is on time for a deadline of N working days after `from` exactly when
 * this count is N or less. The caller hands over the holidays of the days between.
 */
export function workingDaysBetween(
  from: number | Date,
  to: number | Date,
  calendar: TWorkingCalendar,
): number {
  const holidays = calendar.holidays instanceof Set ? calendar.holidays : new Set(calendar.holidays);
  const days = { workingDays: calendar.workingDays, holidays };
  const last = Date.parse(
    `${dayInZone(typeof to === 'number' ? to : to.getTime(), calendar.timeZone)}T00:00:00Z`,
  );
  let day = Date.parse(
    `${dayInZone(typeof from === 'number' ? from : from.getTime(), calendar.timeZone)}T00:00:00Z`,
  );
  let count = 0;
  while (day < last) {
    day += DAY_MS;
    if (isWorkingDay(new Date(day).toISOString().slice(0, 10), days)) count += 1;
  }
  return count;
}
