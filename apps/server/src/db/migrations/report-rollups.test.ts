/**
 * Migration 009 on a database filled before it: the filing day of every complaint in TIME_ZONE,
 * and the report rollup equal to a count over those complaints; afterwards the triggers keep it.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../../test/harness';
import { rollupAgainstComplaints } from '../../../test/rollup';
import { migrateToLatest } from '../migrate';
import { DEFAULT_MIGRATION_SETTINGS } from './008-due-dates-reports';
import { migrations } from './index';

const HOUR = 3_600_000;
/** A wall-clock time in Asia/Kolkata (UTC+05:30), the default TIME_ZONE. */
const ist = (m: number, d: number, hh: number, mm = 0) => Date.UTC(2026, m - 1, d, hh, mm) - 5.5 * HOUR;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

describe(`migration 009 over earlier complaints (${TEST_DIALECT})`, () => {
  it('gives each complaint its filing day in TIME_ZONE and the rollup their counts', async () => {
    const db = t.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(t.database.dialect, DEFAULT_MIGRATION_SETTINGS) },
    });
    const before = await migrator.migrateTo('008_due_dates_reports');
    expect(before.error).toBeUndefined();
    const now = ist(3, 1, 12);
    const { rows } = await sql<{ id: number | string }>`
      insert into users (role, name, email, password_hash, verified, approved, created_at, updated_at)
      values ('student', 'Asha', 'asha@bitmesra.ac.in', 'x', 1, 1, ${now}, ${now}) returning id`.execute(db);
    const student = Number(rows[0]?.id);
    // [filed at, type, hostel, category, status, filed_month, res_bucket, fr_bucket] as 008 left them
    const earlier: [number, string, number | null, string, string, number, number | null, number | null][] = [
      // 23:30 on 15 January in TIME_ZONE, 18:00 UTC: the 15th
      [ist(1, 15, 23, 30), 'Hostel', 5, 'Fan', 'Resolved', 202601, 4, 1],
      // 00:10 on 16 January in TIME_ZONE, still the 15th in UTC: the 16th
      [ist(1, 16, 0, 10), 'Hostel', 5, 'Fan', 'Pending', 202601, null, null],
      [ist(1, 16, 9), 'Hostel', 2, 'Plumbing', 'In Progress', 202601, null, 2],
      [ist(2, 3, 10), 'College', null, 'Library', 'Rejected', 202602, null, 0],
      [ist(2, 28, 23, 59), 'College', null, 'IT Support', 'Resolved', 202602, 30, 3],
    ];
    let n = 0;
    for (const [at, type, hostel, category, status, month, res, fr] of earlier) {
      n++;
      await sql`insert into complaints (token, type, hostel_no, room_no, sub_type, is_network, description,
          status, student_id, student_name, created_at, updated_at, due_at, filed_month, res_bucket, fr_bucket)
        values (${`CMP-UPG${n}`}, ${type}, ${hostel}, ${hostel ? 'A-1' : null}, ${category}, 0, 'Earlier',
          ${status}, ${student}, 'Asha', ${at}, ${at}, ${at + 72 * HOUR}, ${month}, ${res}, ${fr})`.execute(
        db,
      );
    }

    expect(await migrateToLatest(db, t.database.dialect)).toContain('009_report_rollups');

    const days = await db.selectFrom('complaints').select(['token', 'filed_day']).orderBy('id').execute();
    expect(days.map((d) => Number(d.filed_day))).toEqual([20260115, 20260116, 20260116, 20260203, 20260228]);
    const first = await rollupAgainstComplaints(db);
    expect(first.actual).toEqual(first.expected);
    expect(first.expected.get('ms|202601|Hostel|Fan|2|0')).toBe(1);
    expect(first.expected.get('dS|20260116|Hostel|Fan|0|5')).toBe(1);

    // from here on the triggers keep it: a status change moves one complaint between statuses
    await db
      .updateTable('complaints')
      .set({ status: 'Resolved', res_bucket: 9, fr_bucket: 1 })
      .where('token', '=', 'CMP-UPG2')
      .execute();
    await db.deleteFrom('complaints').where('token', '=', 'CMP-UPG4').execute();
    const after = await rollupAgainstComplaints(db);
    expect(after.actual).toEqual(after.expected);
    expect(after.expected.get('dS|20260116|Hostel|Fan|0|5')).toBeUndefined();
    expect(after.expected.get('dS|20260116|Hostel|Fan|2|5')).toBe(1);
  });
});
