import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database';
import { migrations } from './migrations';
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
export async function migrateToLatest(db: Kysely<DB>, dialect: Dialect): Promise<string[]> {
  const run = async (conn: Kysely<DB>) => {
    const migrator = new Migrator({ db: conn, provider: new StaticProvider(migrations(dialect)) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (dialect === 'sqlite') return run(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      return await run(conn);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
}
