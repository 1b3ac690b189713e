import type { Ctx } from '../../context';
import type { DailyJob } from '../oversight/scheduler';
import { LONGEST_WINDOW_MS } from './throttle-limits';

/**
 * CONTRACT 6.7: once a day, the limit rows (failed sign-ins, wrong two-step codes, code mails,
 * sign-ups, sticker sheets…) whose window began longer ago than the longest window of any limit are
 * deleted: every limit reading such a row would start it over, so no answer changes, and the table
 * no longer keeps a row for every address and email that ever failed (911 after the review). A lock
 * in force is a row inside its window, and stays. One conditional delete: a failure counted at the
 * same moment moves the row's window_start first (PostgreSQL re-reads a row it waited for), and then
 * the row is not old any more.
 */
export const throttleCleanup: DailyJob = {
  name: 'throttle-cleanup',
  // the quiet hours of the night; a server started later in the day catches up at once
  atMinute: 3 * 60,
  async run(ctx: Ctx, trx) {
    const now = ctx.clock.now();
    const result = await trx
      .deleteFrom('throttle')
      .where('window_start', '<=', now - LONGEST_WINDOW_MS)
      // unused by today's limits (always 0), but a block that lasts is a lock in force
      .where('blocked_until', '<=', now)
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    return { detail: `${n} expired limit ${n === 1 ? 'row' : 'rows'} deleted`, mails: 0 };
  },
};
