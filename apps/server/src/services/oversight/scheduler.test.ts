import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { Ctx } from '../../context';
import { type Database, openDatabase } from '../../db/database';
import { manualClock } from '../../lib/clock';
import { type DailyJob, runDueJobs, startScheduler } from './scheduler';

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await createTestApp();
  // a second instance: its own connection (pool) to the same database
  second = openDatabase(
    t.db.url ? { databaseUrl: t.db.url, dataDir: t.db.dataDir } : { dataDir: t.db.dataDir },
  );
});
afterAll(async () => {
  await second.close();
  await t.close();
});

// 2026-03-10 in Asia/Kolkata (UTC+5:30): 08:00 there is 02:30 UTC
const IST = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour, minute) - 330 * 60_000;

const instance = (database: Database, clock: ReturnType<typeof manualClock>): Ctx => ({
  ...t.ctx,
  database,
  clock,
});

/** A job that counts its runs and writes a row in its transaction, as a digest enqueues its mails. */
function countingJob(name: string, atMinute = 8 * 60): DailyJob & { runs: string[] } {
  const runs: string[] = [];
  return {
    name,
    atMinute,
    runs,
    async run(_ctx, trx, day) {
      runs.push(day);
      await trx
        .insertInto('mail_outbox')
        .values({
          to_addr: `${name}@example.org`,
          subject: `${name} ${day}`,
          text_body: '',
          html_body: '',
          created_at: 0,
          attempts: 0,
          next_attempt_at: 0,
        })
        .execute();
      return { detail: `ran ${day}`, mails: 1 };
    },
  };
}

const mailsOf = async (name: string) =>
  (
    await t.ctx.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_addr', '=', `${name}@example.org`)
      .execute()
  ).map((r) => r.subject);

describe('daily jobs', () => {
  it('run at their local time and not before, once a day', async () => {
    const clock = manualClock(IST(10, 7, 59));
    const job = countingJob('digest-a');
    const ctx = instance(t.ctx.database, clock);
    expect((await runDueJobs(ctx, [job]))[0]).toBeUndefined();
    clock.set(IST(10, 8, 0));
    expect(await runDueJobs(ctx, [job])).toEqual([
      { job: 'digest-a', day: '2026-03-10', ran: true, detail: 'ran 2026-03-10' },
    ]);
    clock.set(IST(10, 8, 1));
    expect((await runDueJobs(ctx, [job]))[0]!.ran).toBe(false);
    clock.set(IST(10, 23, 59));
    expect((await runDueJobs(ctx, [job]))[0]!.ran).toBe(false);
    clock.set(IST(11, 8, 0));
    expect((await runDueJobs(ctx, [job]))[0]!.ran).toBe(true);
    expect(job.runs).toEqual(['2026-03-10', '2026-03-11']);
    expect(await mailsOf('digest-a')).toEqual(['digest-a 2026-03-10', 'digest-a 2026-03-11']);
  });

  it('run once when two instances reach the hour together', async () => {
    const clock = manualClock(IST(12, 8, 0));
    const job = countingJob('digest-b');
    const outcomes = await Promise.all([
      runDueJobs(instance(t.ctx.database, clock), [job]),
      runDueJobs(instance(second, clock), [job]),
      runDueJobs(instance(t.ctx.database, clock), [job]),
      runDueJobs(instance(second, clock), [job]),
    ]);
    expect(outcomes.flat().filter((o) => o.ran)).toHaveLength(1);
    expect(await mailsOf('digest-b')).toEqual(['digest-b 2026-03-12']);
  });

  it('catch up the same day after downtime at the hour, and not twice after a restart', async () => {
    const job = countingJob('digest-c');
    // the instance was down at 08:00 and starts at 11:20: the day's run happens then
    expect((await runDueJobs(instance(second, manualClock(IST(13, 11, 20))), [job]))[0]!.ran).toBe(true);
    // restarted at 11:25 (a new process, the other connection): nothing more that day
    expect((await runDueJobs(instance(t.ctx.database, manualClock(IST(13, 11, 25))), [job]))[0]!.ran).toBe(
      false,
    );
    expect(job.runs).toEqual(['2026-03-13']);
  });

  it('run an hourly job once an hour across instances, its row the hour of TIME_ZONE', async () => {
    const job = { ...countingJob('hourly-a', 5), hourly: true };
    // 08:04 IST: not yet this hour's minute
    expect(
      (await runDueJobs(instance(t.ctx.database, manualClock(IST(16, 8, 4))), [job]))[0],
    ).toBeUndefined();
    const outcomes = await Promise.all([
      runDueJobs(instance(t.ctx.database, manualClock(IST(16, 8, 5))), [job]),
      runDueJobs(instance(second, manualClock(IST(16, 8, 5))), [job]),
      runDueJobs(instance(second, manualClock(IST(16, 8, 59))), [job]),
    ]);
    expect(outcomes.flat().filter((o) => o.ran)).toHaveLength(1);
    expect((await runDueJobs(instance(t.ctx.database, manualClock(IST(16, 9, 5))), [job]))[0]!.ran).toBe(
      true,
    );
    expect(job.runs).toEqual(['2026-03-16T08', '2026-03-16T09']);
  });

  it('leave no trace when the work fails, so the next tick runs it again', async () => {
    const clock = manualClock(IST(14, 9, 0));
    let fail = true;
    const job: DailyJob = {
      name: 'flaky',
      atMinute: 9 * 60,
      async run(_ctx, trx, day) {
        await trx
          .insertInto('mail_outbox')
          .values({
            to_addr: 'flaky@example.org',
            subject: day,
            text_body: '',
            html_body: '',
            created_at: 0,
            attempts: 0,
            next_attempt_at: 0,
          })
          .execute();
        if (fail) throw new Error('SMTP template broke');
        return { detail: 'ok', mails: 1 };
      },
    };
    await expect(runDueJobs(instance(t.ctx.database, clock), [job])).rejects.toThrow('SMTP template broke');
    expect(await mailsOf('flaky')).toEqual([]);
    fail = false;
    clock.advance(60_000);
    expect((await runDueJobs(instance(t.ctx.database, clock), [job]))[0]!.ran).toBe(true);
    expect(await mailsOf('flaky')).toEqual(['2026-03-14']);
  });

  it('stop only once a check under way has finished, so the database is not closed under it', async () => {
    let release!: () => void;
    const started = vi.fn();
    const job: DailyJob = {
      name: 'slow',
      atMinute: 9 * 60,
      async run() {
        started();
        await new Promise<void>((r) => {
          release = r;
        });
        return { detail: 'ok', mails: 0 };
      },
    };
    const scheduler = startScheduler(instance(t.ctx.database, manualClock(IST(15, 9, 30))), [job], 60_000, 0);
    await vi.waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 5000, interval: 5 });
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    const ran = await t.ctx.database.db
      .selectFrom('job_runs')
      .select('day')
      .where('job', '=', 'slow')
      .execute();
    expect(ran.map((r) => r.day)).toEqual(['2026-03-15']);
  });
});
