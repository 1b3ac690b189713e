import type { Ctx } from '../../context';
import { zonedDayStart } from '../../lib/zoned-time';
import type { DailyJob } from './scheduler';

/** CONTRACT 6.5: audit entries are kept two years. */
export const AUDIT_KEEP_YEARS = 2;

/** The same calendar day some years earlier (29 February becomes 1 March in a year without one). */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y - years, m - 1, d);
  return date.toISOString().slice(0, 10);
}

/**
 * Once a day, deletes the audit entries written before the same day two years ago (its start in
 * TIME_ZONE), so an entry is kept at least two years and at most a day longer. After 08:00 like the
 * other jobs, and listed after them: the work is a short range of the `at` index.
 */
export const auditRetention: DailyJob = {
  name: 'audit-retention',
  atMinute: 9 * 60 + 30,
  async run(ctx: Ctx, trx, day) {
    const cutoff = zonedDayStart(yearsBefore(day, AUDIT_KEEP_YEARS), ctx.config.timeZone);
    const result = await trx.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    return { detail: `${n} audit ${n === 1 ? 'entry' : 'entries'} older than two years deleted`, mails: 0 };
  },
};
