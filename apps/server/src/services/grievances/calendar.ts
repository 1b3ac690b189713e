import {
  MSG_CALENDAR,
  type TCalendar,
  type THoliday,
  workingDaysAfter,
  workingDaysBetween,
} from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { addDays, zonedParts } from '../../lib/zoned-time';
import { type AuditSource, recordAudit } from '../oversight/audit';
import { holidayDaysBetween, holidaysOfYear, replaceHolidays } from './queries';

/** The current year in TIME_ZONE: GET /api/calendar's without `year`. */
export const currentYear = (ctx: Ctx): number =>
  Number(zonedParts(ctx.clock.now(), ctx.config.timeZone).day.slice(0, 4));

/** CONTRACT 7.1: a year's calendar, the working week and its holidays in date order. */
export async function getCalendar(ctx: Ctx, year: number = currentYear(ctx)): Promise<TCalendar> {
  const holidays = await holidaysOfYear(ctx.database.db, year);
  return { year, workingDays: [...ctx.config.workingDays], holidays };
}

/**
 * CONTRACT 7.1: replaces a year's holidays (the body's rules, at most 100 and none twice, are the
 * contract's schema's; each date being a day of the year is checked here, where the year is known).
 * Audited `calendar.update` with the year as target (`{ type: 'calendar', id: '2026' }`), in the same
 * transaction. Deadlines already set do not move: they were computed when set and are stored.
 */
export async function setHolidays(
  ctx: Ctx,
  by: AuditSource,
  year: number,
  holidays: THoliday[],
): Promise<TCalendar> {
  const outside = holidays.findIndex((h) => !h.date.startsWith(`${year}-`));
  if (outside >= 0) throw badRequest(MSG_CALENDAR.dateOutsideYear(year), `holidays.${outside}.date`);
  const now = ctx.clock.now();
  const sorted = [...holidays].sort((a, b) => (a.date < b.date ? -1 : 1));
  await ctx.database.db.transaction().execute(async (trx) => {
    await replaceHolidays(trx, year, sorted, now);
    await recordAudit(trx, {
      ...by,
      action: 'calendar.update',
      target: { type: 'calendar', id: year },
      at: now,
    });
  });
  return { year, workingDays: [...ctx.config.workingDays], holidays: sorted };
}

/**
 * CONTRACT 7.1's "N working days after" an instant, on this server's calendar: the contract's one
 * function (workingDaysAfter) over WORKING_DAYS and the holidays from the instant's day to the end
 * of the next year (15 working days from 31 December reach well into January, never past the next
 * year). Call it when the deadline is set and store the answer: a later change of holidays moves no
 * deadline already set. In epoch milliseconds.
 */
export async function workingDeadline(ctx: Ctx, at: number, n: number): Promise<number> {
  const day = zonedParts(at, ctx.config.timeZone).day;
  const until = `${Number(day.slice(0, 4)) + 2}-01-01`;
  const rows = await holidayDaysBetween(ctx.database.db, day, until);
  return workingDaysAfter(at, n, {
    timeZone: ctx.config.timeZone,
    workingDays: ctx.config.workingDays,
    holidays: new Set(rows.map((r) => r.date)),
  }).getTime();
}

/**
 * CONTRACT 7.4's working days from a grievance's submission to its decision (workingDaysBetween), on
 * this server's calendar with the holidays known now. Call it when the decision is made and store
 * the answer (`decision_working_days`): like a deadline, a decision's figure is fixed when it is made
 * and a later change of holidays does not move it (decision 0033). Read in the decision's transaction.
 */
export async function workingDaysTaken(
  ctx: Ctx,
  trx: Transaction<DB>,
  from: number,
  to: number,
): Promise<number> {
  const zone = ctx.config.timeZone;
  const rows = await holidayDaysBetween(
    trx,
    zonedParts(from, zone).day,
    addDays(zonedParts(to, zone).day, 1),
  );
  return workingDaysBetween(from, to, {
    timeZone: zone,
    workingDays: ctx.config.workingDays,
    holidays: new Set(rows.map((r) => r.date)),
  });
}
