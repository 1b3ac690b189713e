/**
 * Migration 013 on notices posted before it: an authority's notice takes its poster's designation,
 * an admin's none (issue 33 row 19).
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../../test/harness';
import { migrateToLatest } from '../migrate';
import { DEFAULT_MIGRATION_SETTINGS } from './008-due-dates-reports';
import { migrations } from './index';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

describe(`migration 013 over earlier notices (${TEST_DIALECT})`, () => {
  it("gives an authority's notice its poster's designation and an admin's none", async () => {
    const db = t.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(t.database.dialect, DEFAULT_MIGRATION_SETTINGS) },
    });
    expect((await migrator.migrateTo('012_photo_quota')).error).toBeUndefined();
    const now = Date.UTC(2026, 0, 10);
    const user = async (role: string, name: string, designation: string | null) => {
      const { rows } = await sql<{ id: number | string }>`
        insert into users (role, name, email, password_hash, verified, approved, designation, created_at, updated_at)
        values (${role}, ${name}, ${`${name.toLowerCase()}@bitmesra.ac.in`}, 'x', 1, 1, ${designation}, ${now}, ${now})
        returning id`.execute(db);
      return Number(rows[0]?.id);
    };
    const notice = (title: string, posterId: number, name: string, role: string) =>
      sql`insert into notifications (title, message, hostel, posted_by_id, posted_by_name, posted_by_role, created_at)
        values (${title}, 'm', 'all', ${posterId}, ${name}, ${role}, ${now})`.execute(db);
    await notice('From the warden', await user('authority', 'Rao', 'Warden'), 'Rao', 'authority');
    await notice('From the office', await user('admin', 'Office', null), 'Office', 'admin');

    expect(await migrateToLatest(db, t.database.dialect)).toContain('013_notice_poster_designation');
    const { rows } = await sql<{ title: string; posted_by_designation: string | null }>`
      select title, posted_by_designation from notifications order by id`.execute(db);
    expect(rows).toEqual([
      { title: 'From the warden', posted_by_designation: 'Warden' },
      { title: 'From the office', posted_by_designation: null },
    ]);
  });
});
