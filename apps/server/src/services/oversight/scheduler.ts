import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { DB } from '../../db/schema';
import { zonedParts } from '../../lib/zoned-time';

/**
 * A job that runs once a day at a local time of TIME_ZONE (the new-complaint digest at 08:00, the
 * escalation at 09:00). Its work runs in one transaction with the insert of its `job_runs` row for
 * that day, whose primary key (job, day) lets only one instance commit it: several instances on one
 * PostgreSQL run it once, an instance that crashes mid-run leaves no row (so another one, or itself
 * after the restart, runs it), and an instance started after the hour catches up the same day.
 */
export interface DailyJob {
  name: string;
  /** local time, minutes after midnight (an `hourly` job's: minutes after the hour) */
  atMinute: number;
  /**
   * Runs every hour instead of every day (CONTRACT 7.3's reminders of ragging reports, 24 hours after
   * each one's submission): its row is the hour's, `YYYY-MM-DDTHH` of TIME_ZONE, kept as a day's is,
   * so each hour runs once across instances as each day does.
   */
  hourly?: boolean;
  /** the work; `day` is the run's day (an `hourly` job's: its hour); `detail` is kept in the run's row */
  run(ctx: Ctx, trx: Transaction<DB>, day: string): Promise<{ detail: string; mails: number }>;
}

/** The run's row key of a job at a local day and minute: the day, or for an hourly job the day's hour. */
const slotOf = (job: DailyJob, day: string, minuteOfDay: number) =>
  job.hourly ? `${day}T${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}` : day;

export type JobOutcome = { job: string; day: string; ran: boolean; detail?: string };

/** Runs every job whose time has come today and that no instance has run today. */
export async function runDueJobs(ctx: Ctx, jobs: readonly DailyJob[]): Promise<JobOutcome[]> {
  const now = ctx.clock.now();
  const { day: today, minuteOfDay } = zonedParts(now, ctx.config.timeZone);
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    if ((job.hourly ? minuteOfDay % 60 : minuteOfDay) < job.atMinute) continue;
    const day = slotOf(job, today, minuteOfDay);
    const done = await ctx.database.db
      .selectFrom('job_runs')
      .select('day')
      .where('job', '=', job.name)
      .where('day', '=', day)
      .executeTakeFirst();
    if (done) {
      outcomes.push({ job: job.name, day, ran: false });
      continue;
    }
    try {
      let mails = 0;
      const detail = await ctx.database.db.transaction().execute(async (trx) => {
        // first, so that a second instance waits here (PostgreSQL) and then finds the day taken
        await trx.insertInto('job_runs').values({ job: job.name, day, ran_at: now, detail: null }).execute();
        const result = await job.run(ctx, trx, day);
        mails = result.mails;
        await trx
          .updateTable('job_runs')
          .set({ detail: result.detail })
          .where('job', '=', job.name)
          .where('day', '=', day)
          .execute();
        return result.detail;
      });
      if (mails > 0) ctx.mailQueued();
      ctx.log.info({ job: job.name, day, detail }, 'daily job ran');
      outcomes.push({ job: job.name, day, ran: true, detail });
    } catch (err) {
      // another instance committed this day's run first
      if (isUniqueViolation(err)) {
        outcomes.push({ job: job.name, day, ran: false });
        continue;
      }
      throw err;
    }
  }
  return outcomes;
}

/**
 * Checks the jobs every minute (and once at start, to catch up after downtime). `stop` resolves
 * once a check under way has finished, so the database can be closed after it: a server stopped
 * a second after it started closed its database under the first check ("driver has already been
 * destroyed", seen in test/faults/workers.test.ts).
 */
export function startScheduler(ctx: Ctx, jobs: readonly DailyJob[], everyMs = 60_000, firstAfterMs = 1_000) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDueJobs(ctx, jobs)
      .then(
        () => {},
        (err) => ctx.log.warn({ err }, 'timed jobs failed; retried at the next tick'),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
