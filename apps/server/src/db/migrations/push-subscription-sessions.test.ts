/**
 * Migration 021 over subscriptions made before it (CONTRACT 6.7): they have no session, so they are
 * deleted with their queued pushes, and every subscription from then on names its session.
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

describe(`migration 021 over earlier push subscriptions (${TEST_DIALECT})`, () => {
  it('deletes the subscriptions that have no session, and their queued pushes, and asks a session of every new one', async () => {
    const db = t.database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(t.database.dialect, DEFAULT_MIGRATION_SETTINGS) },
    });
    expect((await migrator.migrateTo('019_search_keys_in_scope')).error).toBeUndefined();
    const now = Date.UTC(2026, 0, 10);
    const { rows: users } = await sql<{ id: number | string }>`
      insert into users (role, name, email, password_hash, verified, approved, created_at, updated_at)
      values ('student', 'Asha', 'asha@bitmesra.ac.in', 'x', 1, 1, ${now}, ${now}) returning id`.execute(db);
    const userId = Number(users[0]!.id);
    const { rows: subs } = await sql<{ id: number | string }>`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      values (${userId}, 'https://push.example.org/old', 'B', 'A', ${now}) returning id`.execute(db);
    await sql`insert into push_outbox (subscription_id, title, body, url, created_at, next_attempt_at)
      values (${Number(subs[0]!.id)}, 't', 'b', 'u', ${now}, ${now})`.execute(db);

    expect(await migrateToLatest(db, t.database.dialect)).toContain('021_push_subscription_sessions');
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db))
          .rows[0]!.n,
      );
    expect(await count('push_subscriptions')).toBe(0);
    expect(await count('push_outbox')).toBe(0);
    await expect(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
        values (${userId}, 'https://push.example.org/new', 'B', 'A', ${now})`.execute(db),
    ).rejects.toThrow();
  });
});
