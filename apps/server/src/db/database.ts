import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
  type SqliteDriver,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { countQueriesOf, countStatement } from './statement-count';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * Runs one read-only SQL text (already compiled for this dialect) outside Kysely's driver: on
   * SQLite a cached raw statement run synchronously, on PostgreSQL a named prepared statement on
   * the pool. Returns null when it cannot run now (SQLite inside a transaction), so the caller
   * falls back to Kysely. Only db/prepared.ts uses it, for the hottest reads.
   */
  readRows<Row>(sqlText: string, parameters: readonly unknown[]): Row[] | Promise<Row[]> | null;
  /**
   * Runs `work` in a transaction. Calls that arrive together share one transaction, and so one
   * commit, each inside its own savepoint: one that fails is undone alone and the others still
   * commit. Every call resolves only once its work is durable. `work` must run its statements on
   * `trx` alone: on SQLite, a query on the database itself would wait for the very transaction it
   * runs in.
   */
  batchedTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>, options?: BatchOptions<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BatchOptions<T> {
  /**
   * The users row to lock (FOR NO KEY UPDATE) before any work of the batch runs, so that work on
   * one user takes turns across processes on PostgreSQL (SQLite's one writer does that anyway).
   */
  lockUser?: number;
  /**
   * Runs once per batch, after all its work and just before the commit, with the results of the
   * work that succeeded and passed this same function. For rows every piece of work writes (the
   * counters): written there, their row locks are held until the commit only, not while the rest
   * of the batch runs, so the batches of other processes do not queue behind them.
   */
  atCommit?: (trx: Transaction<DB>, results: T[]) => Promise<void>;
}

// int8 (counts, epoch-millisecond columns) as a JS number: every value here fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: how long a request may wait for a connection, and a statement may run, before it
   * becomes a 503 (default 3 and 4 s: an unreachable database must answer quickly). The API tests,
   * which send 60 requests at once to a pool of 5 on a machine running four test files, wait longer.
   */
  pgWaitMs?: { connect: number; query: number };
  /** SQLite's page cache for this connection, in KiB (default 32,000). */
  sqliteCacheKb?: number;
  /** Sees every SQL text run (the query-plan test uses it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export function openDatabase(opts: DatabaseOptions): Database {
  const log = opts.onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') opts.onQuery?.(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (opts.databaseUrl)
    return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, log, opts.onQuery, opts.pgWaitMs);
  return openSqlite(path.join(opts.dataDir, 'complaints.db'), log, opts.onQuery, opts.sqliteCacheKb);
}

type OnQuery = DatabaseOptions['onQuery'];

function openSqlite(
  file: string,
  log?: (e: LogEvent) => void,
  onQuery?: OnQuery,
  cacheKb = 32_000,
): Database {
  // Security fix (test/security/file-modes.test.ts): the database holds password, session and code
  // hashes, and was created 0644 (readable by every local account). It is created 0600,
  // in a 0700 folder, before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  // FULL: a commit survives power loss, not just a process crash
  conn.pragma('synchronous = FULL');
  conn.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  conn.pragma('foreign_keys = ON');
  // A statement that fires a trigger (the report rollup's, migration 009) keeps a statement journal
  // so it can be undone alone; on disk that was a temporary file per filing (45 µs of a 55 µs
  // insert). In memory it costs microseconds, and so do the report's small GROUP BY sorts.
  conn.pragma('temp_store = MEMORY');
  conn.pragma(`cache_size = -${Math.round(cacheKb)}`);
  dropValueHistograms(conn);
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect(conn, { database: withStatementCache(conn) }),
    ...(log ? { log } : {}),
  });
  let closed = false;
  const batchedTransaction = groupCommit(db);
  const readers = new Map<string, { stmt: SQLite.Statement; toRow: (values: unknown[]) => unknown }>();
  return {
    db,
    dialect: 'sqlite',
    batchedTransaction,
    readRows<Row>(sqlText: string, parameters: readonly unknown[]) {
      // inside a Kysely transaction the one connection would show its uncommitted writes
      if (conn.inTransaction) return null;
      countStatement();
      onQuery?.(sqlText, parameters);
      let reader = readers.get(sqlText);
      if (!reader) {
        const stmt = conn.prepare(sqlText).raw(true);
        reader = { stmt, toRow: rowBuilder(stmt.columns().map((c) => c.name)) };
        readers.set(sqlText, reader);
      }
      const values = reader.stmt.all(parameters as unknown[]) as unknown[][];
      const rows = new Array<Row>(values.length);
      for (let i = 0; i < values.length; i++) rows[i] = reader.toRow(values[i]!) as Row;
      return rows;
    },
    async ping() {
      if (closed || !conn.open) throw new Error('database closed');
      countStatement();
      conn.prepare('select 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
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
function groupCommit(db: Kysely<DB>) {
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

const BUSY_TIMEOUT_MS = 5000;

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE). With several server
 * processes on one file (WORKERS), a deferred transaction that read first and then wrote failed
 * at once with SQLITE_BUSY when another process had committed in between.
 * While another process holds the lock, the wait happens off the event loop: SQLite's own busy
 * handler sleeps inside the call (1, 2, 5, 10 ms...), which stalled every request of the waiting
 * process for a lock that is held for a fraction of a millisecond. Every statement outside a
 * transaction (the mail and push senders' claims and marks, written on their own) waits the same
 * way: tried without the busy handler and, while the lock is held elsewhere, again later.
 * Inside a transaction the lock is already held (and a statement that failed part way through
 * could not be tried again on its own), so those run as they are.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly conn: SQLite.Database,
    config: ConstructorParameters<typeof SqliteDialect>[0],
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver() as SqliteDriver;
    const conn = this.conn;
    // prepared once: a pragma prepared at each call cost more than most statements it wraps
    const busyWait: BusyWait = {
      off: conn.prepare('pragma busy_timeout = 0'),
      on: conn.prepare(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`),
    };
    const acquire = driver.acquireConnection.bind(driver);
    const unblocked = new WeakSet<DatabaseConnection>();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      if (!unblocked.has(connection)) {
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = ((query: CompiledQuery) =>
          conn.inTransaction
            ? execute(query)
            : withoutBusyWait(busyWait, () => execute(query), query === BEGIN ? EAGER_TRIES : 0)) as never;
        unblocked.add(connection);
      }
      return connection;
    };
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(BEGIN);
    };
    return driver;
  }
}

type BusyWait = { off: SQLite.Statement; on: SQLite.Statement };

const BEGIN = CompiledQuery.raw('begin immediate');
/**
 * A transaction's BEGIN (requests wait on it) is tried again as soon as the event loop's other work
 * is done, this many times, before it waits a millisecond between tries as a statement on its own
 * does (mostly the senders' background writes, which would otherwise spend the CPU requests need).
 */
const EAGER_TRIES = 20;

/**
 * Runs one statement without SQLite's busy handler: while another process holds the write lock
 * (SQLITE_BUSY: the statement did nothing), it is tried again, `eagerTries` times after the event
 * loop's other work and then every millisecond, for up to BUSY_TIMEOUT_MS.
 */
async function withoutBusyWait<T>(busyWait: BusyWait, run: () => Promise<T>, eagerTries: number): Promise<T> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    busyWait.off.run();
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
    } finally {
      busyWait.on.run();
    }
    await new Promise((r) => (attempt < eagerTries ? setImmediate(r) : setTimeout(r, 1)));
  }
}

/**
 * better-sqlite3 is compiled with SQLITE_ENABLE_STAT4. Once an ANALYZE has written per-value
 * samples (sqlite_stat4), SQLite re-plans a statement every time a new value is bound to an
 * indexed column, so every cached statement was parsed again on each run: half the cost of a
 * token lookup in the benchmark's profile. Every plan here is a unique-key or filter-index walk
 * that needs no per-value histogram (test/perf/query-plans.test.ts), so those samples are removed
 * when the database opens; ANALYZE's per-index figures (sqlite_stat1) stay.
 */
function dropValueHistograms(conn: SQLite.Database) {
  const hasStat4 = conn.prepare("select 1 from sqlite_schema where name = 'sqlite_stat4'").get();
  if (!hasStat4 || !conn.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  conn.exec('delete from sqlite_stat4');
  // reloads the statistics the planner uses
  conn.exec('analyze sqlite_schema');
}

/**
 * better-sqlite3 builds a row object by setting each column name as a property, which cost more
 * than SQLite's own primary-key lookup; rows read as arrays and turned into objects by one
 * function per column list (a fixed object shape) cost about half as much.
 */
function rowBuilder(columns: string[]): (values: unknown[]) => unknown {
  const fields = columns.map((c, i) => `${JSON.stringify(c)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

/**
 * Kysely prepares a statement for every query; preparing costs more than running a primary-key
 * read. Queries are built from a fixed set of shapes, so their SQL texts repeat and a small cache
 * of prepared statements removes that cost.
 */
function withStatementCache(conn: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = conn.prepare.bind(conn);
  return new Proxy(conn, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      // Kysely prepares once per statement it runs: the one place that sees them all
      return (source: string) => {
        countStatement();
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = prepare(source);
          if (cache.size >= max) cache.delete(cache.keys().next().value as string);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

function openPostgres(
  url: string,
  max: number,
  log?: (e: LogEvent) => void,
  onQuery?: OnQuery,
  wait: { connect: number; query: number } = { connect: 3000, query: 4000 },
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // an unreachable database must turn into a quick 503, not a hung request
    connectionTimeoutMillis: wait.connect,
    query_timeout: wait.query,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // a dropped idle connection must not crash the process; the next query reconnects
  pool.on('error', () => {});
  // pool.on('error') covers idle clients only: a connection reset while a query is in flight
  // (database restart, failover, network cut) emitted an unhandled 'error' on the checked-out
  // client and killed the process (test/faults/db-outage.test.ts). The query still fails (503)
  // and the pool discards the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    countQueriesOf(client);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  let closed = false;
  // one name per SQL text: each pooled connection parses and plans it once
  const names = new Map<string, string>();
  return {
    db,
    dialect: 'postgres',
    batchedTransaction: postgresGroupCommit(db),
    async readRows<Row>(sqlText: string, parameters: readonly unknown[]) {
      onQuery?.(sqlText, parameters);
      let name = names.get(sqlText);
      if (!name) {
        name = `hot_${names.size + 1}`;
        names.set(sqlText, name);
      }
      const result = await pool.query({ name, text: sqlText, values: parameters as unknown[] });
      return result.rows as Row[];
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
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
function postgresGroupCommit(db: Kysely<DB>) {
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

/** Errors that mean the database cannot be reached (as opposed to a bad query). */
export function isUnavailableError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string };
  const code = e.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code))
    return true;
  if (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_LOCKED' ||
    code === 'SQLITE_IOERR' ||
    code === 'SQLITE_CANTOPEN'
  )
    return true;
  // 57P01..57P03: admin shutdown, crash shutdown, cannot connect now; 53300: too many connections
  if (['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004'].includes(code))
    return true;
  const msg = e.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|database closed|The database connection is not open|Connection ended/i.test(
    msg,
  );
}

/**
 * PostgreSQL chose this statement as a deadlock's victim (40P01) or could not serialize it (40001).
 * Nothing the request sent is wrong and its transaction (or savepoint) is rolled back: run again it
 * succeeds. Filings that share a batch take the report rollup's row locks filing by filing, so two
 * instances' batches can take two rows in opposite orders (the shards by connection make it rare,
 * not impossible: test/faults/two-instances.test.ts met one under load).
 */
export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * A unique-index violation in either dialect: the loser of a race for a one-per-key row, or a
 * generated key (a complaint token) that is already taken.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  return (
    e.code === '23505' ||
    /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String(e.code)) ||
    /unique|duplicate/i.test(String(e.message))
  );
}
