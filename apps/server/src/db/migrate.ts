import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database';
import { type MigrationSettings, migrations } from './migrations';
import type { DB } from './schema';

class StaticProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations() {
    return this.list;
  }
}

// any fixed 64-bit number, the same in every instance
const MIGRATION_LOCK_ID = 727_310_001;

/**
 * Runs pending migrations. On PostgreSQL a session advisory lock makes concurrent starts of
 * several instances take turns, so none sees a half-made schema or races on CREATE TABLE.
 */
export async function migrateToLatest(
  db: Kysely<DB>,
  dialect: Dialect,
  settings?: MigrationSettings,
): Promise<string[]> {
  const run = async (conn: Kysely<DB>) => {
    const migrator = new Migrator({ db: conn, provider: new StaticProvider(migrations(dialect, settings)) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (dialect === 'sqlite') return run(db);
  return db.connection().execute(async (conn) => {
    // try-lock in a loop rather than one blocking call: a blocking wait longer than the pool's
    // query timeout would fail a start that only had to wait for another instance's migration
    for (let attempt = 0; ; attempt++) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${MIGRATION_LOCK_ID}) as locked`.execute(conn);
      if (rows[0]?.locked) break;
      if (attempt > 600) throw new Error('timed out waiting for another instance to finish migrating');
      await new Promise((r) => setTimeout(r, 200));
    }
    try {
      return await run(conn);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
}
