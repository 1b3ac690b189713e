import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../test/harness';
import { readAllCounters, readCounters } from '../services/complaints/counters';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import type { DB } from './schema';

let t: TestDb;

beforeEach(async () => {
  t = await createTestDatabase();
  await migrateToLatest(t.database.db, t.database.dialect);
});

afterEach(async () => {
  await t.drop();
});

const counterValue = async (key: string) =>
  (await t.database.db.selectFrom('counters').select('value').where('key', '=', key).executeTakeFirst())
    ?.value;

describe(`the fast read path (${TEST_DIALECT})`, () => {
  it('reads the same rows as Kysely, as plain objects with every column', async () => {
    await t.database.db
      .insertInto('counters')
      .values([
        { key: 'c:all:Pending', value: 3 },
        { key: 'c:all:Resolved', value: 2 },
      ])
      .execute();
    expect(await readCounters(t.database, ['c:all:Pending', 'c:all:Resolved', 'c:all:Rejected'])).toEqual({
      'c:all:Pending': 3,
      'c:all:Resolved': 2,
      'c:all:Rejected': 0,
    });
    expect(await readAllCounters(t.database)).toEqual({ 'c:all:Pending': 3, 'c:all:Resolved': 2 });
  });

  it('answers an empty counters table with no counters', async () => {
    expect(await readAllCounters(t.database)).toEqual({});
  });

  it('never shows a read the writes of a transaction that is still open and then rolls back', async () => {
    let reading: Promise<Record<string, number>> | undefined;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('counters').values({ key: 'c:all:Pending', value: 7 }).execute();
        // a concurrent request's read, while the transaction holds its uncommitted row
        reading = readCounters(t.database, ['c:all:Pending']);
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await reading).toEqual({ 'c:all:Pending': 0 });
  });
});

const bumpIn = (trx: Transaction<DB>, key: string, by: number) =>
  trx
    .insertInto('counters')
    .values({ key, value: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`counters.value + excluded.value` }))
    .execute();

describe(`batched transactions (${TEST_DIALECT})`, () => {
  const bump = (key: string, fail = false) =>
    t.database.batchedTransaction(async (trx) => {
      await trx
        .insertInto('counters')
        .values({ key, value: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`counters.value + 1` }))
        .execute();
      if (fail) throw new Error(`refused ${key}`);
      return key;
    });

  it('commits every piece of work that arrives together, and undoes only the one that fails', async () => {
    const results = await Promise.allSettled([bump('a'), bump('a'), bump('b', true), bump('a'), bump('c')]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('refused b');
    expect(await counterValue('a')).toBe(3);
    expect(await counterValue('b')).toBeUndefined();
    expect(await counterValue('c')).toBe(1);
  });

  it('runs work that arrives together in one transaction, so it shares one commit', async () => {
    const seen: unknown[] = [];
    const track = (key: string) =>
      t.database.batchedTransaction(async (trx) => {
        seen.push(trx);
        await trx.insertInto('counters').values({ key, value: 1 }).execute();
      });
    await Promise.all([track('p'), track('q'), track('r')]);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
  });

  if (TEST_DIALECT === 'postgres') {
    it('gives the work that arrives together one PostgreSQL transaction id', async () => {
      const txid = () =>
        t.database.batchedTransaction(async (trx) => {
          const { rows } = await sql<{ id: string }>`select txid_current()::text as id`.execute(trx);
          return rows[0]!.id;
        });
      const ids = await Promise.all([txid(), txid(), txid()]);
      expect(new Set(ids).size).toBe(1);
    });
  }

  it('fails every piece of work of a batch whose commit fails, though each one succeeded', async () => {
    // a deferred foreign key is checked at COMMIT
    await sql`create table commit_guard (user_id integer references users (id) deferrable initially deferred)`.execute(
      t.database.db,
    );
    const results = await Promise.allSettled([
      bump('g'),
      t.database.batchedTransaction((trx) => sql`insert into commit_guard values (424242)`.execute(trx)),
      bump('h'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await counterValue('g')).toBeUndefined();
    expect(await counterValue('h')).toBeUndefined();
    // and the next batch commits
    expect(await bump('g')).toBe('g');
    expect(await counterValue('g')).toBe(1);
  });

  it('runs each atCommit once per batch, last, with the results of the work that succeeded', async () => {
    const calls: string[][] = [];
    const atCommit = async (trx: Parameters<typeof bumpIn>[0], keys: string[]) => {
      calls.push(keys);
      await bumpIn(trx, 'total', keys.length);
    };
    const work = (key: string, fail = false) =>
      t.database.batchedTransaction(
        async (trx) => {
          await bumpIn(trx, key, 1);
          if (fail) throw new Error(`refused ${key}`);
          return key;
        },
        { atCommit },
      );
    const results = await Promise.allSettled([work('m'), work('n', true), work('o')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([['m', 'o']]);
    expect(await counterValue('total')).toBe(2);
    expect(await counterValue('n')).toBeUndefined();
  });

  it('runs work queued while a batch is committing in the next one', async () => {
    const first = bump('x');
    const second = first.then(() => bump('x'));
    await Promise.all([first, second, bump('x')]);
    expect(await counterValue('x')).toBe(3);
  });
});

if (TEST_DIALECT === 'sqlite') {
  describe('SQLite statistics', () => {
    it("drops ANALYZE's per-value samples when the database opens, keeping the per-index figures", async () => {
      const file = path.join(t.dataDir, 'complaints.db');
      await t.database.db
        .insertInto('counters')
        .values(Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, value: i })))
        .execute();
      await sql`analyze`.execute(t.database.db);
      const raw = new SQLite(file, { readonly: true });
      const count = (table: string) =>
        (raw.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      expect(count('sqlite_stat4')).toBeGreaterThan(0);

      const reopened = openDatabase({ dataDir: t.dataDir });
      try {
        expect(count('sqlite_stat4')).toBe(0);
        expect(count('sqlite_stat1')).toBeGreaterThan(0);
      } finally {
        raw.close();
        await reopened.close();
      }
    });
  });
}

if (TEST_DIALECT === 'sqlite') {
  describe('SQLite write lock held by another process', () => {
    /** Another process's connection holding the write lock until `ms` from now. */
    function holdWriteLock(ms: number) {
      const other = new SQLite(path.join(t.dataDir, 'complaints.db'));
      other.exec('begin immediate');
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          other.exec('commit');
          other.close();
          resolve();
        }, ms),
      );
    }

    /** How many times the event loop turned (a timer every millisecond) while `work` ran. */
    async function loopTurnsDuring(work: () => Promise<unknown>) {
      let turns = 0;
      const ticker = setInterval(() => turns++, 1);
      try {
        await work();
      } finally {
        clearInterval(ticker);
      }
      return turns;
    }

    // SQLite's busy handler would sleep inside the call, the event loop stopped, so the holder's
    // commit (a timer of this same loop) could never run: the write failed after the busy timeout
    it('waits for it with the event loop turning, a statement on its own as a transaction', async () => {
      const released = holdWriteLock(60);
      const turns = await loopTurnsDuring(() =>
        t.database.db.insertInto('counters').values({ key: 'alone', value: 1 }).execute(),
      );
      await released;
      // a stopped loop turns not once until the call returns; a turning one about once a millisecond
      // of the 60, fewer on a loaded machine (9 seen in a CI run): a few are proof enough
      expect(turns).toBeGreaterThan(3);

      const again = holdWriteLock(60);
      const turnsInTransaction = await loopTurnsDuring(() =>
        t.database.db
          .transaction()
          .execute((trx) =>
            trx.insertInto('counters').values({ key: 'in a transaction', value: 1 }).execute(),
          ),
      );
      await again;
      expect(turnsInTransaction).toBeGreaterThan(3);
      expect(await counterValue('alone')).toBe(1);
      expect(await counterValue('in a transaction')).toBe(1);
    });
  });
}
