import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDb, testConfig } from '../test/harness';
import { buildApp } from './app';

const ZOnlyText = z.object({ text: z.string() });

async function migrationsTable(db: TestDb) {
  const tables =
    db.database.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
          db.database.db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
          db.database.db,
        );
  return tables.rows.some((t) => t.name === 'kysely_migration');
}

describe('buildApp', () => {
  let db: TestDb;
  afterEach(async () => {
    await db.drop();
  });

  it('migrates a new database unless told its supervisor already did', async () => {
    db = await createTestDatabase();
    const config = testConfig(db.dataDir);
    const worker = await buildApp(config, {
      database: db.database,
      logger: false,
      mailSender: false,
      migrate: false,
    });
    expect(await migrationsTable(db)).toBe(false);
    await worker.close();

    const alone = await buildApp(config, { database: db.database, logger: false, mailSender: false });
    expect(await migrationsTable(db)).toBe(true);
    await alone.close();
  });

  it('refuses a response that does not match its schema only when responses are checked', async () => {
    db = await createTestDatabase();
    const config = testConfig(db.dataDir);
    const answers: Record<string, { status: number; body: string }> = {};
    for (const validateResponses of [true, false]) {
      const app = await buildApp(config, {
        database: db.database,
        logger: false,
        mailSender: false,
        validateResponses,
      });
      // a handler bug: a number where the schema promises text
      app.get(
        '/wrong-shape',
        { schema: { response: { 200: ZOnlyText } } },
        async () => ({ text: 5 }) as never,
      );
      const res = await app.inject({ method: 'GET', url: '/wrong-shape' });
      answers[String(validateResponses)] = { status: res.statusCode, body: res.body };
      await app.close();
    }
    expect(answers.true?.status).toBe(500);
    // the 5xx message is never leaked
    expect(answers.true?.body).not.toContain('text');
    // unchecked, the compiled serializer still writes only the schema's field, as text
    expect(answers.false).toEqual({ status: 200, body: '{"text":"5"}' });
  });
});
