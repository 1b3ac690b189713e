/** CONTRACT 5.5: the 09:00 escalation, once a day across instances and caught up after downtime. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { Ctx } from '../../context';
import { openDatabase } from '../../db/database';
import { manualClock } from '../../lib/clock';
import { DAILY_JOBS } from './digest';
import { overdueEscalation } from './escalation';
import { runDueJobs } from './scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
// 2026-01-16 09:00 in Kolkata (UTC+5:30)
const NINE = Date.UTC(2026, 0, 16, 3, 30);

async function file(student: Built, body: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
    payload: body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { token: string; complaint: { id: number } };
}

const mailsTo = (email: string) =>
  t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', email)
    // escalations only: wardens are also told of each new complaint
    .where('subject', 'like', '%overdue%')
    .orderBy('id')
    .execute();

const dueAt = (id: number, ms: number) =>
  t.ctx.database.db.updateTable('complaints').set({ due_at: ms }).where('id', '=', id).execute();

const escalations = (outcomes: { job: string; ran: boolean }[]) =>
  outcomes.filter((o) => o.job === overdueEscalation.name);

describe('the 09:00 escalation', () => {
  it('mails each warden their hostel overdue complaints and each admin the counts and the oldest, once across two instances', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 6 });
    const calmWarden = await buildAuthority(t, 'Warden', { hostelNo: 7 });
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const hostel = { type: 'Hostel', roomNo: '12', description: 'The fan has stopped working entirely.' };
    const late = await file(student, { ...hostel, hostelNo: 6, subType: 'Fan' });
    const notYet = await file(student, { ...hostel, hostelNo: 6, subType: 'Bulb' });
    const calm = await file(student, { ...hostel, hostelNo: 7, subType: 'Fan' });
    const college = await file(student, {
      type: 'College',
      subType: 'Library',
      description: 'The reading room lights flicker all evening.',
    });
    await dueAt(late.complaint.id, NINE - 1);
    await dueAt(notYet.complaint.id, NINE + 1);
    await dueAt(calm.complaint.id, NINE + DAY);
    await dueAt(college.complaint.id, NINE);

    const second = openDatabase(
      t.db.url ? { databaseUrl: t.db.url, dataDir: t.db.dataDir } : { dataDir: t.db.dataDir },
    );
    try {
      const at = (ms: number, database = t.ctx.database): Ctx => ({
        ...t.ctx,
        database,
        clock: manualClock(ms),
      });
      expect(escalations(await runDueJobs(at(NINE - 60_000), DAILY_JOBS))).toEqual([]);
      const both = await Promise.all([
        runDueJobs(at(NINE), DAILY_JOBS),
        runDueJobs(at(NINE, second), DAILY_JOBS),
      ]);
      expect(escalations(both.flat()).filter((o) => o.ran)).toHaveLength(1);
      // a restart at 09:30 finds the day's run done
      expect(escalations(await runDueJobs(at(NINE + 30 * 60_000, second), DAILY_JOBS))[0]?.ran).toBe(false);

      const toWarden = await mailsTo(warden.email);
      expect(toWarden).toHaveLength(1);
      expect(toWarden[0]!.subject).toContain('1 overdue complaint in hostel 6');
      expect(toWarden[0]!.text_body).toContain(late.token);
      expect(toWarden[0]!.text_body).not.toContain(notYet.token);
      // nothing overdue in hostel 7: no mail
      expect(await mailsTo(calmWarden.email)).toHaveLength(0);

      const toAdmin = await mailsTo(admin.email);
      expect(toAdmin).toHaveLength(1);
      expect(toAdmin[0]!.text_body).toContain('Hostel 6: 1');
      expect(toAdmin[0]!.text_body).toContain('Hostel 7: 0');
      expect(toAdmin[0]!.text_body).toContain('College: 1');
      expect(toAdmin[0]!.text_body).toContain(late.token);
      expect(toAdmin[0]!.text_body).toContain(college.token);
      expect(toAdmin[0]!.text_body).not.toContain(calm.token);
    } finally {
      await second.close();
    }
  });

  it('runs later the same day when no instance was up at 09:00, and only once that day', async () => {
    const admin = await buildAdmin(t);
    const at = (ms: number): Ctx => ({ ...t.ctx, clock: manualClock(ms) });
    const before = (await mailsTo(admin.email)).length;
    // the next day, the first instance starts at 14:00
    const afternoon = NINE + DAY + 5 * 60 * 60 * 1000;
    expect(escalations(await runDueJobs(at(afternoon), DAILY_JOBS))[0]?.ran).toBe(true);
    expect(escalations(await runDueJobs(at(afternoon + 60 * 60 * 1000), DAILY_JOBS))[0]?.ran).toBe(false);
    expect(await mailsTo(admin.email)).toHaveLength(before + 1);
    const runs = await t.ctx.database.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', overdueEscalation.name)
      .execute();
    expect(runs.map((r) => r.day).sort()).toEqual(['2026-01-16', '2026-01-17']);
  });

  it('mails no Warden whose scope holds no hostel: one awaiting approval, one without a hostel', async () => {
    const approved = await buildAuthority(t, 'Warden', { hostelNo: 8 });
    const awaiting = await buildAuthority(t, 'Warden', { hostelNo: 8, approved: false });
    const noHostel = await buildAuthority(t, 'Warden', { hostelNo: 8 });
    await t.ctx.database.db
      .updateTable('users')
      .set({ hostel_no: null })
      .where('id', '=', noHostel.id)
      .execute();
    const student = await buildStudent(t);
    const late = await file(student, {
      type: 'Hostel',
      hostelNo: 8,
      roomNo: '3',
      subType: 'Fan',
      description: 'The fan in the common room does not turn.',
    });
    const nineOnThe18th = NINE + 2 * DAY;
    await dueAt(late.complaint.id, nineOnThe18th - 1);
    const ran = await runDueJobs({ ...t.ctx, clock: manualClock(nineOnThe18th) }, DAILY_JOBS);
    expect(escalations(ran)[0]?.ran).toBe(true);
    const toApproved = await mailsTo(approved.email);
    expect(toApproved).toHaveLength(1);
    expect(toApproved[0]!.text_body).toContain(late.token);
    expect(await mailsTo(awaiting.email)).toHaveLength(0);
    expect(await mailsTo(noHostel.email)).toHaveLength(0);
  });
});
