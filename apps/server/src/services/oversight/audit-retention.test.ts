/** CONTRACT 6.5: audit entries are kept two years, then deleted by a daily job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { Ctx } from '../../context';
import { manualClock } from '../../lib/clock';
import { recordAudit } from './audit';
import { auditRetention, yearsBefore } from './audit-retention';
import { DAILY_JOBS } from './digest';
import { runDueJobs } from './scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// a local time in Asia/Kolkata (UTC+5:30)
const IST = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute) - 330 * 60_000;

const write = (at: number) =>
  recordAudit(t.ctx.database.db, {
    actor: null,
    action: 'admin.create',
    target: null,
    ip: null,
    at,
  });
const kept = async () =>
  (await t.ctx.database.db.selectFrom('audit_log').select('at').orderBy('at').execute()).map((r) =>
    Number(r.at),
  );
const retentionRuns = (outcomes: { job: string; ran: boolean; detail?: string }[]) =>
  outcomes.filter((o) => o.job === auditRetention.name);

describe('the audit retention job', () => {
  it('deletes the entries from before the same day two years ago, once a day at 09:30, and keeps the rest', async () => {
    const tooOld = IST(2026, 3, 9, 23, 59);
    const firstKept = IST(2026, 3, 10);
    const recent = IST(2028, 3, 1, 12);
    for (const at of [IST(2025, 1, 1), tooOld, firstKept, recent]) await write(at);

    const clock = manualClock(IST(2028, 3, 10, 9, 29));
    const ctx: Ctx = { ...t.ctx, clock };
    expect(retentionRuns(await runDueJobs(ctx, DAILY_JOBS))).toEqual([]);
    expect(await kept()).toHaveLength(4);

    clock.set(IST(2028, 3, 10, 9, 30));
    expect(retentionRuns(await runDueJobs(ctx, DAILY_JOBS))).toEqual([
      {
        job: 'audit-retention',
        day: '2028-03-10',
        ran: true,
        detail: '2 audit entries older than two years deleted',
      },
    ]);
    expect(await kept()).toEqual([firstKept, recent]);

    // once a day: an entry that turns two years old later that day waits for tomorrow's run
    clock.set(IST(2028, 3, 10, 23, 0));
    expect(retentionRuns(await runDueJobs(ctx, DAILY_JOBS))[0]?.ran).toBe(false);
    expect(await kept()).toEqual([firstKept, recent]);
    clock.set(IST(2028, 3, 11, 9, 30));
    expect(retentionRuns(await runDueJobs(ctx, DAILY_JOBS))[0]).toMatchObject({
      ran: true,
      detail: '1 audit entry older than two years deleted',
    });
    expect(await kept()).toEqual([recent]);
  });

  it('reckons two years back by the calendar, a 29 February as the 1 March after it', () => {
    expect(yearsBefore('2028-03-10', 2)).toBe('2026-03-10');
    expect(yearsBefore('2028-02-29', 2)).toBe('2026-03-01');
    expect(yearsBefore('2026-01-01', 2)).toBe('2024-01-01');
  });
});
