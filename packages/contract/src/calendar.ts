// Schema catalogue: the calendar's limits and messages, a zod schema and its type per export, for both sides.
import { z } from 'zod';
import { isCalendarDay } from './period';
import { WEEKDAYS } from './working-days';

/** The years a calendar may be kept for. */
export const CALENDAR_YEAR_MIN = 2000;
export const CALENDAR_YEAR_MAX = 2100;
/** CONTRACT 7.1: at most this many holidays a year, each named in 1..60 characters. */
export const HOLIDAYS_MAX = 100;
export const HOLIDAY_NAME_MAX = 60;

export const MSG_CALENDAR = {
  yearInvalid: `year must be a whole number from ${CALENDAR_YEAR_MIN} to ${CALENDAR_YEAR_MAX}`,
  holidaysInvalid: 'holidays must be a list of days, each with its date and name',
  tooMany: `A year has at most ${HOLIDAYS_MAX} holidays`,
  dateInvalid: 'date must be a real day written YYYY-MM-DD',
  dateOutsideYear: (year: number) => `date must be a day of ${year}`,
  dateTwice: 'This date is already a holiday',
  nameRequired: 'Holiday name is required',
  nameTooLong: `Holiday name must be at most ${HOLIDAY_NAME_MAX} characters`,
  saved: (year: number) => `Holidays of ${year} saved`,
  fetchFailed: 'Failed to fetch the calendar',
  saveFailed: 'Failed to save the holidays',
} as const;

const ZYear = z.coerce
  .number<string | number>({ error: MSG_CALENDAR.yearInvalid })
  .int(MSG_CALENDAR.yearInvalid)
  .min(CALENDAR_YEAR_MIN, MSG_CALENDAR.yearInvalid)
  .max(CALENDAR_YEAR_MAX, MSG_CALENDAR.yearInvalid);

/** GET /api/calendar?year=: the current year in TIME_ZONE when left out (an empty value too). */
export const ZCalendarQuery = z.object({
  year: z.preprocess((v) => (v === '' ? undefined : v), ZYear.optional()),
});
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

/** PUT /api/admin/calendar/{year} */
export const ZCalendarYearParam = z.object({ year: ZYear });

export const ZHoliday = z.object({
  date: z
    .string({ error: MSG_CALENDAR.dateInvalid })
    .refine(isCalendarDay, MSG_CALENDAR.dateInvalid)
    .meta({ description: 'YYYY-MM-DD, a day of the year in the path' }),
  name: z
    .string({ error: MSG_CALENDAR.nameRequired })
    .trim()
    .min(1, MSG_CALENDAR.nameRequired)
    .max(HOLIDAY_NAME_MAX, MSG_CALENDAR.nameTooLong),
});
export type THoliday = z.infer<typeof ZHoliday>;

/**
 * The year's holidays, replacing those it had. Each date a day of the year (the route knows the
 * year: the server checks it, naming `holidays.<i>.date`), none twice.
 */
export const ZSetHolidaysRequest = z.strictObject({
  holidays: z
    .array(ZHoliday, { error: MSG_CALENDAR.holidaysInvalid })
    .max(HOLIDAYS_MAX, MSG_CALENDAR.tooMany)
    .superRefine((holidays, ctx) => {
      const seen = new Set<string>();
      holidays.forEach((h, i) => {
        if (seen.has(h.date))
          ctx.addIssue({ code: 'custom', path: [i, 'date'], message: MSG_CALENDAR.dateTwice });
        seen.add(h.date);
      });
    }),
});
export type TSetHolidaysRequest = z.infer<typeof ZSetHolidaysRequest>;

/** CONTRACT 7.1: a year's calendar, holidays in date order. */
export const ZCalendar = z.object({
  year: z.number().int(),
  workingDays: z.array(z.enum(WEEKDAYS)),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type TCalendar = z.infer<typeof ZCalendar>;

/** The admin's screen names the week's days in full. */
export const WEEKDAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  Sun: 'Sunday',
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
};
