import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKING_DAYS,
  dayInZone,
  isWorkingDay,
  parseWorkingDays,
  workingDaysAfter,
  workingDaysBetween,
} from './working-days';

const IST = 'Asia/Kolkata';
const week = { timeZone: IST, workingDays: DEFAULT_WORKING_DAYS, holidays: [] as string[] };
/** An instant given as IST wall-clock time (UTC+05:30 all year). */
const ist = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);
/** The end of a day in IST, as the function answers it. */
const endOf = (day: string) => new Date(ist(day, '23:59:59'));

describe('N working days after an instant (CONTRACT 7.1)', () => {
  it('counts from the day after, and ends at 23:59:59 in TIME_ZONE', () => {
    // Monday 2 Nov 2026, 10:00 IST
    expect(workingDaysAfter(ist('2026-11-02', '10:00:00'), 1, week)).toEqual(endOf('2026-11-03'));
    expect(workingDaysAfter(ist('2026-11-02', '10:00:00'), 3, week)).toEqual(endOf('2026-11-05'));
    expect(workingDaysAfter(ist('2026-11-02', '10:00:00'), 0, week)).toEqual(endOf('2026-11-02'));
    // 18:29:59 UTC is 23:59:59 IST
    expect(workingDaysAfter(ist('2026-11-02', '10:00:00'), 1, week).toISOString()).toBe(
      '2026-11-03T18:29:59.000Z',
    );
  });

  it('skips the weekend', () => {
    // Thursday 5 Nov 2026: Fri, then Mon and Tue
    expect(workingDaysAfter(ist('2026-11-05', '09:00:00'), 3, week)).toEqual(endOf('2026-11-10'));
    // a Saturday's count starts on Monday, and fifteen working days are three weeks
    expect(workingDaysAfter(ist('2026-11-07', '12:00:00'), 1, week)).toEqual(endOf('2026-11-09'));
    expect(workingDaysAfter(ist('2026-11-07', '12:00:00'), 15, week)).toEqual(endOf('2026-11-27'));
  });

  it('skips a holiday, and only on a day that was a working day does it cost one', () => {
    const diwali = { ...week, holidays: ['2026-11-09', '2026-11-08'] };
    // Friday 6 Nov: Mon 9 is a holiday (Sun 8 was no working day anyway)
    expect(workingDaysAfter(ist('2026-11-06', '15:00:00'), 1, diwali)).toEqual(endOf('2026-11-10'));
    expect(workingDaysAfter(ist('2026-11-06', '15:00:00'), 5, diwali)).toEqual(endOf('2026-11-16'));
    // a Set of holidays is taken as it is
    expect(
      workingDaysAfter(ist('2026-11-06', '15:00:00'), 1, { ...week, holidays: new Set(['2026-11-09']) }),
    ).toEqual(endOf('2026-11-10'));
  });

  it("crosses a year's end, counting the next year's holidays", () => {
    // Wednesday 23 Dec 2026; 25 Dec and 1 Jan 2027 are holidays
    const calendar = { ...week, holidays: ['2026-12-25', '2027-01-01'] };
    // Thu 24, Mon 28, Tue 29, Wed 30, Thu 31, Mon 4, Tue 5
    expect(workingDaysAfter(ist('2026-12-23', '11:00:00'), 7, calendar)).toEqual(endOf('2027-01-05'));
    // without the next year's holiday the count ends a day earlier
    expect(workingDaysAfter(ist('2026-12-23', '11:00:00'), 7, { ...week, holidays: ['2026-12-25'] })).toEqual(
      endOf('2027-01-04'),
    );
    // 15 working days from the last day of the year
    expect(workingDaysAfter(ist('2026-12-31', '16:00:00'), 15, calendar)).toEqual(endOf('2027-01-22'));
  });

  it("takes the instant's day in TIME_ZONE, not in UTC: 23:30 and 00:30 IST fall on different days", () => {
    // Thursday 5 Nov 2026 23:30 IST is still Thursday (18:00 UTC)
    const lateThursday = ist('2026-11-05', '23:30:00');
    expect(new Date(lateThursday).toISOString()).toBe('2026-11-05T18:00:00.000Z');
    expect(workingDaysAfter(lateThursday, 1, week)).toEqual(endOf('2026-11-06'));
    // an hour later it is Friday 00:30 IST, though UTC still says Thursday (19:00): the count starts Monday
    const earlyFriday = ist('2026-11-06', '00:30:00');
    expect(new Date(earlyFriday).toISOString()).toBe('2026-11-05T19:00:00.000Z');
    expect(workingDaysAfter(earlyFriday, 1, week)).toEqual(endOf('2026-11-09'));
    expect(dayInZone(earlyFriday, IST)).toBe('2026-11-06');
    expect(dayInZone(earlyFriday, 'UTC')).toBe('2026-11-05');
  });

  it('works in another zone and with another week', () => {
    // a six-day week: Saturday counts
    const sixDays = { ...week, workingDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const };
    expect(workingDaysAfter(ist('2026-11-05', '09:00:00'), 2, sixDays)).toEqual(endOf('2026-11-07'));
    // London on its summer time: the end of the day is 22:59:59 UTC
    const london = { timeZone: 'Europe/London', workingDays: DEFAULT_WORKING_DAYS, holidays: [] };
    expect(workingDaysAfter(Date.UTC(2026, 6, 1, 12), 1, london).toISOString()).toBe(
      '2026-07-02T22:59:59.000Z',
    );
    expect(workingDaysAfter(Date.UTC(2026, 11, 1, 12), 1, london).toISOString()).toBe(
      '2026-12-02T23:59:59.000Z',
    );
  });

  it('refuses a negative or fractional count and a week without a working day', () => {
    expect(() => workingDaysAfter(0, -1, week)).toThrow(RangeError);
    expect(() => workingDaysAfter(0, 1.5, week)).toThrow(RangeError);
    expect(() => workingDaysAfter(0, 1, { ...week, workingDays: [] })).toThrow(RangeError);
  });
});

describe('WORKING_DAYS', () => {
  it('reads three-letter day names, comma-separated, in the week’s order', () => {
    expect(parseWorkingDays('Mon,Tue,Wed,Thu,Fri')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(parseWorkingDays(' Sat , Mon,Sun')).toEqual(['Mon', 'Sat', 'Sun']);
  });

  it('says what is wrong with a bad value', () => {
    expect(parseWorkingDays('Monday,Tue')).toMatch(/"Monday" is not a day/);
    expect(parseWorkingDays('mon')).toMatch(/"mon" is not a day/);
    expect(parseWorkingDays('')).toMatch(/"" is not a day/);
    expect(parseWorkingDays('Mon,Tue,')).toMatch(/is not a day/);
    expect(parseWorkingDays('Mon,Mon')).toMatch(/twice/);
  });
});

describe('working days between two instants (CONTRACT 7.4: working days to a decision)', () => {
  it('counts the working days after the first day up to and including the second, 0 on the same day', () => {
    // Monday 2 Nov 2026 10:00 IST
    const monday = ist('2026-11-02', '10:00:00');
    expect(workingDaysBetween(monday, ist('2026-11-02', '23:59:59'), week)).toBe(0);
    expect(workingDaysBetween(monday, ist('2026-11-03', '00:00:01'), week)).toBe(1);
    expect(workingDaysBetween(monday, ist('2026-11-06', '18:00:00'), week)).toBe(4);
    // a "to" before "from" counts nothing
    expect(workingDaysBetween(monday, ist('2026-11-01', '12:00:00'), week)).toBe(0);
  });

  it('skips a weekend and a holiday', () => {
    // Friday 6 Nov to Wednesday 11 Nov: Mon 9, Tue 10, Wed 11 (Sat, Sun not counted)
    expect(workingDaysBetween(ist('2026-11-06', '15:00:00'), ist('2026-11-11', '09:00:00'), week)).toBe(3);
    // with Mon 9 a holiday, two
    const diwali = { ...week, holidays: ['2026-11-09'] };
    expect(workingDaysBetween(ist('2026-11-06', '15:00:00'), ist('2026-11-11', '09:00:00'), diwali)).toBe(2);
    expect(isWorkingDay('2026-11-09', diwali)).toBe(false);
    expect(isWorkingDay('2026-11-07', week)).toBe(false);
    expect(isWorkingDay('2026-11-10', diwali)).toBe(true);
  });

  it("takes each instant's day in TIME_ZONE: 00:30 IST is the next day though UTC says the one before", () => {
    // Thursday 5 Nov 23:30 IST to Friday 6 Nov 00:30 IST: one working day (Friday)
    expect(workingDaysBetween(ist('2026-11-05', '23:30:00'), ist('2026-11-06', '00:30:00'), week)).toBe(1);
    expect(
      workingDaysBetween(ist('2026-11-05', '23:30:00'), ist('2026-11-06', '00:30:00'), {
        ...week,
        timeZone: 'UTC',
      }),
    ).toBe(0);
  });

  it('answers workingDaysAfter back: the deadline of N working days counts N, the next working day N + 1', () => {
    const calendar = { ...week, holidays: ['2026-12-25', '2027-01-01'] };
    const submitted = ist('2026-12-23', '11:00:00');
    for (const n of [0, 1, 5, 15]) {
      const due = workingDaysAfter(submitted, n, calendar).getTime();
      expect(workingDaysBetween(submitted, due, calendar)).toBe(n);
      // the next working day's start is one more
      const next = workingDaysAfter(submitted, n + 1, calendar).getTime() - 86_399_000;
      expect(workingDaysBetween(submitted, next, calendar)).toBe(n + 1);
    }
  });
});
