/** CONTRACT 5.1: the authorities told of a new complaint, at filing or in the 08:00 digest, on SQLite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { Ctx } from '../../context';
import { openDatabase } from '../../db/database';
import { manualClock } from '../../lib/clock';
import { newComplaintDigest } from '../../services/oversight/digest';
import { runDueJobs } from '../../services/oversight/scheduler';
import { DAY, file, hostelComplaint, mailsTo, setPref } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let hostelSeq = 0;
/** Each test gets a hostel of its own, so authorities of one never see another's complaints. */
const freshHostel = () => (hostelSeq++ % 13) + 1;

describe('new complaints reach the authorities (5.1)', () => {
  it('mails each verified, approved authority in scope by preference, at filing', async () => {
    // the Others of other tests would be told too: this test's hostel has its own people only
    await t.ctx.database.db
      .updateTable('users')
      .set({ new_complaints_pref: 'off' })
      .where('designation', '=', 'Other')
      .execute();
    const h = freshHostel();
    const warden = await buildAuthority(t, 'Warden', { hostelNo: h });
    const clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    const otherHostel = await buildAuthority(t, 'Warden', { hostelNo: (h % 13) + 1 });
    const network = await buildAuthority(t, 'Network Department');
    const other = await buildAuthority(t, 'Other');
    const unapproved = await buildAuthority(t, 'Warden', { hostelNo: h, approved: false });
    const silenced = await buildAuthority(t, 'Hostel Clerk', { hostelNo: h });
    expect((await setPref(t, silenced, 'off')).status).toBe(200);
    const student = await buildStudent(t);

    const fan = await file(t, student, hostelComplaint(h, 'Fan'));
    for (const a of [warden, clerk]) {
      const [mail] = await mailsTo(t, a.email);
      expect(mail?.subject).toContain(fan.token);
      expect(mail?.text_body).toContain(`Hostel ${h}, room 12`);
      expect(mail?.text_body).toContain('Category: Fan');
      expect(mail?.text_body).toContain(`/complaint-status?token=${fan.token}`);
    }
    // out of scope, Other (digest by default), unapproved and off: nothing at filing
    for (const a of [otherHostel, network, other, unapproved, silenced])
      expect(await mailsTo(t, a.email)).toEqual([]);

    const wifi = await file(t, student, hostelComplaint(h, 'Internet'));
    expect((await mailsTo(t, network.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining(wifi.token),
    ]);

    expect((await setPref(t, other, 'each')).status).toBe(200);
    const third = await file(t, student, {
      type: 'College',
      subType: 'Library',
      description: 'Closed early',
    });
    expect((await mailsTo(t, other.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining(third.token),
    ]);
  });

  it('sends the 08:00 digest once across two instances, and not again after a restart', async () => {
    await t.ctx.database.db
      .updateTable('users')
      .set({ new_complaints_pref: 'off' })
      .where('role', '=', 'authority')
      .execute();
    const h = freshHostel();
    const digester = await buildAuthority(t, 'Warden', { hostelNo: h });
    expect((await setPref(t, digester, 'digest')).status).toBe(200);
    const student = await buildStudent(t);
    // 2026-01-15 10:00 UTC is 15:30 in Kolkata; the next 08:00 there is 2026-01-16 02:30 UTC
    const filed = [
      await file(t, student, hostelComplaint(h)),
      await file(t, student, hostelComplaint(h, 'Bulb')),
    ];
    const eight = Date.UTC(2026, 0, 16, 2, 30);
    // the digest alone: the other daily jobs (limit rows, push subscriptions) run at other hours
    const DIGEST = [newComplaintDigest];
    const second = openDatabase(
      t.db.url ? { databaseUrl: t.db.url, dataDir: t.db.dataDir } : { dataDir: t.db.dataDir },
    );
    try {
      const at = (ms: number, database = t.ctx.database): Ctx => ({
        ...t.ctx,
        database,
        clock: manualClock(ms),
      });
      expect(await runDueJobs(at(eight - 60_000), DIGEST)).toEqual([]);
      const both = await Promise.all([runDueJobs(at(eight), DIGEST), runDueJobs(at(eight, second), DIGEST)]);
      expect(both.flat().filter((o) => o.ran)).toHaveLength(1);
      // a restart at 08:30 finds the day's run done
      expect((await runDueJobs(at(eight + 30 * 60_000, second), DIGEST))[0]!.ran).toBe(false);
      const mails = await mailsTo(t, digester.email);
      expect(mails).toHaveLength(1);
      for (const c of filed) expect(mails[0]!.text_body).toContain(c.token);
      // the next morning nothing new was filed: a run, and no mail
      expect((await runDueJobs(at(eight + DAY), DIGEST))[0]!.ran).toBe(true);
      expect(await mailsTo(t, digester.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
