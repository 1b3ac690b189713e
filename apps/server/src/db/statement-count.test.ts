import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../test/harness';
import { migrateToLatest } from './migrate';
import { type Placeholders, preparedQuery } from './prepared';
import { readStatementCount } from './statement-count';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateToLatest(t.database.db, t.database.dialect);
});

afterAll(async () => {
  await t.drop();
});

/** The statements `work` sent, by the process's counter. */
async function statementsOf(work: () => Promise<unknown>) {
  const before = readStatementCount();
  await work();
  return readStatementCount() - before;
}

describe(`the statement counter (${TEST_DIALECT})`, () => {
  it('counts each query Kysely runs, one a statement', async () => {
    const { db } = t.database;
    expect(
      await statementsOf(async () => {
        await db.selectFrom('counters').select('key').execute();
        await db.insertInto('counters').values({ key: 'k', value: 1 }).execute();
        await sql`select 1`.execute(db);
      }),
    ).toBe(3);
  });

  it("counts a transaction's begin and commit as statements of their own", async () => {
    const { db } = t.database;
    expect(
      await statementsOf(() =>
        db.transaction().execute(async (trx) => {
          await trx.updateTable('counters').set({ value: 2 }).where('key', '=', 'k').execute();
        }),
      ),
    ).toBe(3);
  });

  it("counts the prepared fast path's reads, which bypass Kysely's driver", async () => {
    const counterValue = preparedQuery((db, p: Placeholders<{ key: string }>) =>
      db.selectFrom('counters').select('value').where('key', '=', p.key),
    );
    expect(
      await statementsOf(async () => {
        expect(await counterValue(t.database, { key: 'k' })).toEqual([{ value: 2 }]);
        expect(await counterValue(t.database, { key: 'k' })).toEqual([{ value: 2 }]);
      }),
    ).toBe(2);
  });
});
