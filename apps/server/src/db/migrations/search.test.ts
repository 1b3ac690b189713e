/**
 * Migration 015 on complaints filed before it: their documents are written (issue 35), so a search
 * finds words of their descriptions and messages at once.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../../test/harness';
import type { Ctx } from '../../context';
import { searchTerms } from '../../lib/search-text';
import { matchingList } from '../../services/complaints/search';
import { migrateToLatest } from '../migrate';
import { DEFAULT_MIGRATION_SETTINGS } from './008-due-dates-reports';
import { migrations } from './index';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

describe(`migration 015 over earlier complaints (${TEST_DIALECT})`, () => {
  it('indexes the complaints and messages written before it', async () => {
    const db = t.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(t.database.dialect, DEFAULT_MIGRATION_SETTINGS) },
    });
    expect((await migrator.migrateTo('014_due_order_and_filing_time')).error).toBeUndefined();
    const now = Date.UTC(2026, 0, 10);
    const { rows: users } = await sql<{ id: number | string }>`
      insert into users (role, name, email, password_hash, verified, approved, roll_no, created_at, updated_at)
      values ('student', 'Zoë Das', 'zoe@bitmesra.ac.in', 'x', 1, 1, 'BTECH/5/23', ${now}, ${now})
      returning id`.execute(db);
    const studentId = Number(users[0]?.id);
    const complaint = async (token: string, description: string) => {
      const { rows } = await sql<{ id: number | string }>`
        insert into complaints (token, type, hostel_no, room_no, sub_type, is_network, description, status,
          student_id, student_name, student_roll, created_at, updated_at, due_at, filed_month, filed_day)
        values (${token}, 'Hostel', 3, 'B-12', 'Internet', 1, ${description}, 'Pending',
          ${studentId}, 'Zoë Das', 'BTECH/5/23', ${now}, ${now}, ${now}, 202601, 20260110)
        returning id`.execute(db);
      return Number(rows[0]?.id);
    };
    const router = await complaint('CMP-OLD1', 'The Wi-Fi router blinks red');
    await complaint('CMP-OLD2', 'Tap leaking');
    await sql`insert into complaint_messages (complaint_id, body, by_id, by_name, by_role, at)
      values (${router}, 'Replaced the adaptor, still down', ${studentId}, 'Zoë Das', 'student', ${now})`.execute(
      db,
    );

    expect(await migrateToLatest(db, t.database.dialect)).toContain('015_search');
    const ctx = { database: t.database } as Ctx;
    const count = async (q: string) =>
      (await matchingList(ctx, { by: null, value: 0 }, searchTerms(q), { page: 1, pageSize: 20 }, now)).count;
    expect(await count('wifi adaptor')).toBe(1);
    expect(await count('zoe')).toBe(2);
    expect(await count('b-12')).toBe(2);
    expect(await count('leak')).toBe(1);
  });
});
