import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from './schema';

// Group commit (decision 0011): the work of requests that arrive together in one transaction, each
// piece in its own savepoint, on both dialects (Database.batchedTransaction, db/database.ts).

export interface BatchOptions<T> {
  /**
   * The users row to lock (FOR NO KEY UPDATE) before any work of the batch runs, so that work on
   * one user takes turns across processes on PostgreSQL (SQLite's one writer does that anyway).
   */
  lockUser?: number;
  /**
   * The incidents row to lock (FOR NO KEY UPDATE) with it, before any work of the batch runs: a "me
   * too" filing's incident (services/incidents/join.ts), seen as of the last update for all. Taken
   * before the batch's filings take the report rollup's rows, so an incident's update (which holds
   * the incident, then changes its complaints and so their rollup rows) never waits in a circle with it.
   */
  lockIncident?: number;
  /**
   * Runs once per batch, after all its work and just before the commit, with the results of the
   * work that succeeded and passed this same function. For rows every piece of work writes (the
   * counters): written there, their row locks are held until the commit only, not while the rest
   * of the batch runs, so the batches of other processes do not queue behind them.
   */
  atCommit?: (trx: Transaction<DB>, results: T[]) => Promise<void>;
}

interface BatchedWork {
  work: (trx: Transaction<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  options: BatchOptions<unknown> | undefined;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/** Each distinct `atCommit` of a batch, once, with the results of its work that succeeded. */
async function runAtCommit(trx: Transaction<DB>, batch: BatchedWork[], outcomes: Outcome[]) {
  const results = new Map<NonNullable<BatchOptions<unknown>['atCommit']>, unknown[]>();
  batch.forEach((item, i) => {
    const atCommit = item.options?.atCommit;
    const outcome = outcomes[i]!;
    if (!atCommit || !outcome.ok) return;
    const values = results.get(atCommit);
    if (values) values.push(outcome.value);
    else results.set(atCommit, [outcome.value]);
  });
  for (const [atCommit, values] of results) await atCommit(trx, values);
}

/**
 * What both dialects' group commits share: the queue, one batch at a time, started after the
 * requests already read from the sockets in this turn of the loop have queued theirs, and each
 * piece of work settled with its own outcome once the batch's transaction has committed.
 * `runBatch` takes its work from the queue (`take`, at most `max`), runs it in one transaction and
 * answers each piece's outcome; when it throws, nothing it took is durable and all of it fails (the
 * whole queue, if it threw before taking any: the work that waited for a BEGIN that failed).
 */
function batcher(runBatch: (take: (max?: number) => BatchedWork[]) => Promise<Outcome[]>) {
  const queue: BatchedWork[] = [];
  let running = false;
  const flush = async () => {
    let taken: BatchedWork[] | undefined;
    const take = (max = queue.length) => {
      taken = queue.splice(0, max);
      return taken;
    };
    let outcomes: Outcome[];
    try {
      outcomes = await runBatch(take);
    } catch (err) {
      for (const item of taken ?? take()) item.reject(err);
      return;
    } finally {
      running = false;
      if (queue.length > 0) start();
    }
    (taken ?? []).forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.err);
    });
  };
  const start = () => {
    running = true;
    setImmediate(() => void flush());
  };
  return <T>(work: (trx: Transaction<DB>) => Promise<T>, options?: BatchOptions<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        options: options as BatchOptions<unknown> | undefined,
      });
      if (!running) start();
    });
}

/**
 * Group commit for SQLite. With synchronous=FULL every commit waits for an fsync (about 0.2 ms
 * here), and better-sqlite3 waits for it on the event loop, so one transaction per request capped
 * filings at a few thousand a second. Work queued while the loop is busy is run in the next
 * transaction together, each piece in a savepoint.
 */
export function sqliteGroupCommit(db: Kysely<DB>) {
  return batcher((take) =>
    db.transaction().execute(async (trx) => {
      // taken once the write lock is held: work that came in while another process held it
      // joins this batch instead of waiting for the next
      const batch = take();
      const outcomes: Outcome[] = [];
      for (const item of batch) {
        await sql`savepoint batched`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await item.work(trx) });
          await sql`release batched`.execute(trx);
        } catch (err) {
          outcomes.push({ ok: false, err });
          await sql`rollback to batched`.execute(trx);
          await sql`release batched`.execute(trx);
        }
      }
      await runAtCommit(trx, batch, outcomes);
      return outcomes;
    }),
  );
}

/**
 * PostgreSQL's savepoint subtransactions: past 64 in one transaction, every other backend's
 * snapshot has to look subtransactions up on disk (pg_subtrans) instead of in shared memory.
 */
const MAX_PG_BATCH = 60;

/**
 * Group commit for PostgreSQL (decision 0011). A filing as its own transaction was nine loopback
 * round trips to a server on the same two cores, each with its own commit. Work queued while a
 * batch runs shares the next transaction, on one connection: one BEGIN, one lock statement, the
 * atCommit statements and one COMMIT for the batch, one round trip per piece of work for its
 * savepoint. One batch at a time per process: two took more CPU per filing and had longer tails.
 */
export function postgresGroupCommit(db: Kysely<DB>) {
  return batcher((take) => {
    const batch = take(MAX_PG_BATCH);
    return db.transaction().execute(async (trx) => {
      // every user the batch locks, in one statement and in id order: two batches on other
      // connections (other processes) then wait for each other instead of deadlocking
      const users: number[] = [];
      for (const item of batch) if (item.options?.lockUser !== undefined) users.push(item.options.lockUser);
      if (users.length > 0) {
        const ids = [...new Set(users)].sort((a, b) => a - b);
        // NO KEY UPDATE does not wait for the key-share locks other tables' foreign keys take
        await sql`select id from users where id = any(${ids}::int8[])
          order by id for no key update`.execute(trx);
      }
      const incidents: number[] = [];
      for (const item of batch)
        if (item.options?.lockIncident !== undefined) incidents.push(item.options.lockIncident);
      if (incidents.length > 0) {
        const ids = [...new Set(incidents)].sort((a, b) => a - b);
        await sql`select id from incidents where id = any(${ids}::int8[])
          order by id for no key update`.execute(trx);
      }
      // with the locks held, the quota checks' snapshots (read committed: one per statement)
      // see every filing committed before
      const outcomes: Outcome[] = [];
      for (let i = 0; i < batch.length; i++) {
        // a parameterless text is sent as a simple query, so two statements cost one round trip
        if (i === 0 || outcomes[i - 1]!.ok)
          await sql.raw(i === 0 ? 'savepoint batched' : 'release batched; savepoint batched').execute(trx);
        try {
          outcomes.push({ ok: true, value: await batch[i]!.work(trx) });
        } catch (err) {
          outcomes.push({ ok: false, err });
          // the savepoint stays, ready for the next piece of work
          await sql`rollback to batched`.execute(trx);
        }
      }
      await runAtCommit(trx, batch, outcomes);
      return outcomes;
    });
  });
}
