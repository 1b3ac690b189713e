import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { type BatchOptions, postgresGroupCommit, sqliteGroupCommit } from './group-commit';
import type { DB } from './schema';
import {
  BUSY_TIMEOUT_MS,
  dropValueHistograms,
  ImmediateSqliteDialect,
  rowBuilder,
  withStatementCache,
} from './sqlite-driver';
import { countQueriesOf, countStatement } from './statement-count';

// Both dialects opened as one Database (their group commit: group-commit.ts; SQLite's driver:
// sqlite-driver.ts), and what their errors mean.

export type { BatchOptions };

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
  const batchedTransaction = sqliteGroupCommit(db);
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
