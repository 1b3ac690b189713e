import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDriver,
} from 'kysely';
import { countStatement } from './statement-count';

// SQLite beneath Kysely (db/database.ts opens it): BEGIN IMMEDIATE without the busy handler on the
// event loop, the per-value histograms dropped, rows built as arrays, prepared statements cached.

export const BUSY_TIMEOUT_MS = 5000;

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
export class ImmediateSqliteDialect extends SqliteDialect {
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
export function dropValueHistograms(conn: SQLite.Database) {
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
export function rowBuilder(columns: string[]): (values: unknown[]) => unknown {
  const fields = columns.map((c, i) => `${JSON.stringify(c)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

/**
 * Kysely prepares a statement for every query; preparing costs more than running a primary-key
 * read. Queries are built from a fixed set of shapes, so their SQL texts repeat and a small cache
 * of prepared statements removes that cost.
 */
export function withStatementCache(conn: SQLite.Database, max = 500): SQLite.Database {
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
