/**
 * CONTRACT 6.7: limit rows (failed sign-ins and the rest of the throttle table) are deleted by a
 * daily job once older than every window that reads them; a lock in force stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DAILY_JOBS } from '../oversight/digest';
import { type JobOutcome, runDueJobs } from '../oversight/scheduler';
import { trySpend } from './throttle';
import { throttleCleanup } from './throttle-cleanup';
import { loginKeys } from './throttle-keys';
import { LIMITS, LONGEST_WINDOW_MS } from './throttle-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// a local time in Asia/Kolkata (UTC+5:30)
const IST = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour, minute) - 330 * 60_000;

const cleanups = (outcomes: JobOutcome[]) => outcomes.filter((o) => o.job === throttleCleanup.name);
const keys = async () =>
  (await t.ctx.database.db.selectFrom('throttle').select('key').orderBy('key').execute()).map((r) => r.key);

const login = (who: Built, password: string, remoteAddress: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/student-login',
    payload: { email: who.email, password },
    remoteAddress,
  });

describe('the daily clean-up of limit rows', () => {
  it('reads the longest window from the limits themselves', () => {
    expect(LONGEST_WINDOW_MS).toBe(Math.max(...Object.values(LIMITS).map((l) => l.windowMs)));
  });

  it('deletes at 03:00 the rows whose window began the longest window ago or more, and keeps the rest', async () => {
    const run = IST(16, 3);
    const spendAt = async (key: string, at: number) => {
      t.clock.set(at);
      expect(await trySpend(t.ctx, key, LIMITS.resetPerAddress)).toBe(true);
    };
    await spendAt('test:older', run - LONGEST_WINDOW_MS - 1);
    await spendAt('test:just-expired', run - LONGEST_WINDOW_MS);
    await spendAt('test:inside', run - LONGEST_WINDOW_MS + 1);
    await spendAt('test:fresh', run - 1);

    t.clock.set(run - 60_000);
    expect(cleanups(await runDueJobs(t.ctx, DAILY_JOBS))).toEqual([]);
    expect(await keys()).toHaveLength(4);

    t.clock.set(run);
    expect(cleanups(await runDueJobs(t.ctx, DAILY_JOBS))).toEqual([
      { job: 'throttle-cleanup', day: '2026-01-16', ran: true, detail: '2 expired limit rows deleted' },
    ]);
    expect(await keys()).toEqual(['test:fresh', 'test:inside']);
    // once a day, across instances: the day's row is taken
    t.clock.set(run + 2 * LONGEST_WINDOW_MS);
    expect(cleanups(await runDueJobs(t.ctx, DAILY_JOBS))[0]?.ran).toBe(false);
    expect(await keys()).toEqual(['test:fresh', 'test:inside']);
  });

  it('does not lift a lock in force, and forgets a lock that ended', async () => {
    await t.ctx.database.db.deleteFrom('throttle').execute();
    const [locked, ended] = await Promise.all([buildStudent(t), buildStudent(t)]);
    // an account locked at 01:30, whose lock ended 15 quiet minutes later
    t.clock.set(IST(17, 1, 30));
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++)
      expect((await login(ended, 'wrong-password', '10.9.0.1')).status).toBe(401);
    expect((await login(ended, ended.password, '10.9.0.1')).status).toBe(429);
    // an account locked at 02:50: in force at 03:00
    t.clock.set(IST(17, 2, 50));
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++)
      expect((await login(locked, 'wrong-password', '10.9.0.2')).status).toBe(401);
    expect((await login(locked, locked.password, '10.9.0.2')).status).toBe(429);

    t.clock.set(IST(17, 3));
    const [ran] = cleanups(await runDueJobs(t.ctx, DAILY_JOBS));
    expect(ran).toMatchObject({ ran: true, detail: '2 expired limit rows deleted' });
    expect(await keys()).toEqual(
      [loginKeys(locked.email, '10.9.0.2').account, loginKeys(locked.email, '10.9.0.2').address].sort(),
    );
    // the lock in force still refuses the right password, from any address
    expect((await login(locked, locked.password, '10.9.0.3')).status).toBe(429);
    // the ended one signs in, as it would have with its row kept
    expect((await login(ended, ended.password, '10.9.0.1')).status).toBe(200);
  });

  it('refuses a limit whose window is longer than the clean-up keeps its rows', async () => {
    await expect(
      trySpend(t.ctx, 'test:too-long', { max: 1, windowMs: LONGEST_WINDOW_MS + 1 }),
    ).rejects.toThrow(/LONGEST_WINDOW_MS/);
  });
});
