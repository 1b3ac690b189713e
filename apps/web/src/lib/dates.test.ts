import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDay,
  formatInstant,
  formatMonth,
  formatMonthName,
  localDay,
  overdueAge,
  relativeAge,
  setTimeZone,
  timeZone,
  yearBefore,
} from './dates';

const due = '2025-03-10T06:00:00.000Z';
const after = (ms: number) => Date.parse(due) + ms;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('overdueAge', () => {
  it('counts whole days from a day past due on', () => {
    expect(overdueAge(due, after(3 * DAY + 5 * HOUR))).toBe('3 days overdue');
    expect(overdueAge(due, after(DAY))).toBe('1 day overdue');
    expect(overdueAge(due, after(2 * DAY - 1))).toBe('1 day overdue');
  });

  it('counts whole hours under a day', () => {
    expect(overdueAge(due, after(5 * HOUR + 59 * 60 * 1000))).toBe('5 hours overdue');
    expect(overdueAge(due, after(HOUR))).toBe('1 hour overdue');
    expect(overdueAge(due, after(DAY - 1))).toBe('23 hours overdue');
  });

  it('says under an hour for less, and for a due time the browser clock still puts ahead', () => {
    expect(overdueAge(due, after(0))).toBe('Under an hour overdue');
    expect(overdueAge(due, after(59 * 60 * 1000))).toBe('Under an hour overdue');
    expect(overdueAge(due, after(-10 * 60 * 1000))).toBe('Under an hour overdue');
    expect(overdueAge('not a time', after(DAY))).toBe('Under an hour overdue');
  });

  it('writes large counts the Indian way', () => {
    expect(overdueAge(due, after(1234 * DAY))).toBe('1,234 days overdue');
  });
});

describe('calendar days', () => {
  it('formats days and months in en-IN, whatever the time zone', () => {
    expect(formatDay('2025-01-01')).toBe('1 Jan 2025');
    expect(formatDay('2025-12-31')).toBe('31 Dec 2025');
    expect(formatMonth('2025-01')).toBe('Jan 2025');
    expect(formatDay('nonsense')).toBe('nonsense');
  });

  it('moves days across months, years and leap days', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-31', -29)).toBe('2025-03-02');
  });

  it('makes twelve months end on the day given, never longer than a report may be', () => {
    expect(yearBefore('2025-03-31')).toBe('2024-04-01');
    expect(yearBefore('2024-02-29')).toBe('2023-03-02');
    expect(yearBefore('2025-02-28')).toBe('2024-02-29');
  });

  it('reads the calendar day in the server time zone, whatever the browser’s', () => {
    // 23:30 UTC on 5 Jan is 05:00 on 6 Jan in India
    expect(localDay(new Date(Date.UTC(2025, 0, 5, 23, 30)))).toBe('2025-01-06');
    expect(localDay(new Date(Date.UTC(2025, 0, 5, 18, 29)))).toBe('2025-01-05');
  });

  it('names a month alone for the charts', () => {
    expect(formatMonthName('2025-01')).toBe('Jan');
    expect(formatMonthName('nonsense')).toBe('nonsense');
  });
});

describe('instants', () => {
  afterEach(() => setTimeZone(DEFAULT_TIME_ZONE));

  it('writes day month year and a 24-hour time without seconds, in Asia/Kolkata until told', () => {
    expect(timeZone()).toBe('Asia/Kolkata');
    expect(formatInstant('2025-03-10T06:00:59.000Z')).toBe('10 Mar 2025, 11:30 IST');
    expect(formatInstant('2025-03-10T18:45:00.000Z')).toBe('11 Mar 2025, 00:15 IST');
    expect(formatDate('2025-03-10T18:45:00.000Z')).toBe('11 Mar 2025');
    expect(formatInstant('not a time')).toBe('—');
    expect(formatDate('not a time')).toBe('—');
  });

  it('follows the time zone the server names, and ignores one that is not a zone', () => {
    setTimeZone('Europe/London');
    expect(formatInstant('2025-03-10T18:45:00.000Z')).toBe('10 Mar 2025, 18:45 GMT');
    expect(formatDate('2025-03-10T23:30:00.000Z')).toBe('10 Mar 2025');
    expect(localDay(new Date(Date.UTC(2025, 0, 5, 23, 30)))).toBe('2025-01-05');
    setTimeZone('Not/AZone');
    expect(timeZone()).toBe('Europe/London');
  });
});

describe('relativeAge', () => {
  const at = '2025-03-10T06:00:00.000Z';
  const later = (ms: number) => Date.parse(at) + ms;

  it('says how long ago, in the largest whole unit', () => {
    expect(relativeAge(at, later(30 * 1000))).toBe('just now');
    expect(relativeAge(at, later(5 * 60 * 1000))).toBe('5 minutes ago');
    expect(relativeAge(at, later(HOUR))).toBe('1 hour ago');
    expect(relativeAge(at, later(3 * HOUR))).toBe('3 hours ago');
    expect(relativeAge(at, later(DAY))).toBe('1 day ago');
    expect(relativeAge(at, later(3 * DAY + 5 * HOUR))).toBe('3 days ago');
    expect(relativeAge(at, later(65 * DAY))).toBe('2 months ago');
    expect(relativeAge(at, later(400 * DAY))).toBe('1 year ago');
  });

  it('says just now for a time the browser clock puts ahead, and nothing for an unreadable one', () => {
    expect(relativeAge(at, later(-10 * 60 * 1000))).toBe('just now');
    expect(relativeAge('not a time', later(DAY))).toBe('');
  });
});
