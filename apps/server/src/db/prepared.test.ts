import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../test/harness';
import { migrateToLatest } from './migrate';
import { type Placeholders, preparedQuery } from './prepared';

let t: TestDb;

beforeEach(async () => {
  t = await createTestDatabase();
  await migrateToLatest(t.database.db, t.database.dialect);
  await t.database.db
    .insertInto('counters')
    .values([
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
      { key: 'c', value: 3 },
    ])
    .execute();
});

afterEach(async () => {
  await t.drop();
});

describe(`a prepared query (${TEST_DIALECT})`, () => {
  it('is built once for every call, with the named arguments put in their places', async () => {
    let builds = 0;
    const between = preparedQuery((db, p: Placeholders<{ low: number; high: number }>) => {
      builds++;
      return db
        .selectFrom('counters')
        .select('key')
        .where('value', '<=', p.high)
        .where('value', '>=', p.low)
        .orderBy('key');
    });
    expect(await between(t.database, { low: 2, high: 3 })).toEqual([{ key: 'b' }, { key: 'c' }]);
    expect(await between(t.database, { high: 1, low: 1 })).toEqual([{ key: 'a' }]);
    expect(builds).toBe(1);
  });

  it('is built once for each shape its caller names, and once for each length of a list argument', async () => {
    const built: string[] = [];
    const values = preparedQuery((db, p: Placeholders<{ keys: string[] }>, order: 'asc' | 'desc') => {
      built.push(`${order} ${p.keys.length}`);
      return db.selectFrom('counters').select('value').where('key', 'in', p.keys).orderBy('value', order);
    });
    expect(await values(t.database, 'asc', { keys: ['a', 'c'] })).toEqual([{ value: 1 }, { value: 3 }]);
    expect(await values(t.database, 'desc', { keys: ['a', 'c'] })).toEqual([{ value: 3 }, { value: 1 }]);
    expect(await values(t.database, 'desc', { keys: ['b', 'c'] })).toEqual([{ value: 3 }, { value: 2 }]);
    expect(await values(t.database, 'desc', { keys: ['a', 'b', 'c'] })).toHaveLength(3);
    expect(built).toEqual(['asc 2', 'desc 2', 'desc 3']);
  });

  it("serves a transaction with its database's statement, and shows the transaction's own writes", async () => {
    let builds = 0;
    const counterValue = preparedQuery((db, p: Placeholders<{ key: string }>) => {
      builds++;
      return db.selectFrom('counters').select('value').where('key', '=', p.key);
    });
    expect(await counterValue(t.database, { key: 'a' })).toEqual([{ value: 1 }]);
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('counters').set({ value: 10 }).where('key', '=', 'a').execute();
      expect(await counterValue(trx, { key: 'a' })).toEqual([{ value: 10 }]);
    });
    expect(await counterValue(t.database, { key: 'a' })).toEqual([{ value: 10 }]);
    expect(builds).toBe(1);
  });

  /** t.database, counting the statements run below Kysely */
  const counting = (below: string[]) => ({
    ...t.database,
    readRows: <Row>(text: string, parameters: readonly unknown[]) => {
      below.push(text);
      return t.database.readRows<Row>(text, parameters);
    },
  });

  it('reads a select over selecting CTEs below Kysely', async () => {
    const below: string[] = [];
    const overSelect = preparedQuery((db, p: Placeholders<{ key: string }>) =>
      db
        .with('k', (qc) => qc.selectFrom('counters').select(['key', 'value']).where('key', '=', p.key))
        .selectFrom('k')
        .select('value'),
    );
    expect(await overSelect(counting(below), { key: 'b' })).toEqual([{ value: 2 }]);
    expect(below).toHaveLength(1);
  });

  // SQLite has no writing CTEs; PostgreSQL's one-statement filing is a select over them
  if (TEST_DIALECT === 'postgres') {
    it('runs a select over an inserting CTE through Kysely, as a write', async () => {
      const below: string[] = [];
      const overInsert = preparedQuery((db, p: Placeholders<{ key: string }>) =>
        db
          .with('k', (qc) => qc.insertInto('counters').values({ key: p.key, value: 9 }).returning('value'))
          .selectFrom('k')
          .select('value'),
      );
      expect(await overInsert(counting(below), { key: 'd' })).toEqual([{ value: 9 }]);
      expect(below).toHaveLength(0);
    });
  }

  it('gives the builder placeholders it cannot branch on (a type error, checked by tsc)', () => {
    preparedQuery((db, p: Placeholders<{ limit: number }>) => {
      // @ts-expect-error a placeholder is an expression, not the number it will stand for
      const many = p.limit > 10;
      // @ts-expect-error nor can it be compared with one
      const one = p.limit === 1;
      return db
        .selectFrom('counters')
        .selectAll()
        .limit(many || one ? 1 : p.limit);
    });
  });
});
