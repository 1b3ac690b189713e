import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
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
  /** Sees every SQL text run (the query-plan test uses it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export function openDatabase(opts: DatabaseOptions): Database {
  const log = opts.onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') opts.onQuery?.(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, log);
  return openSqlite(path.join(opts.dataDir, 'complaints.db'), log);
}

function openSqlite(file: string, log?: (e: LogEvent) => void): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  // FULL: a commit survives power loss, not just a process crash
  conn.pragma('synchronous = FULL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
  conn.pragma('cache_size = -32000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(conn) }),
    ...(log ? { log } : {}),
  });
  let closed = false;
  return {
    db,
    dialect: 'sqlite',
    async ping() {
      if (closed || !conn.open) throw new Error('database closed');
      conn.prepare('select 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
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
      return (source: string) => {
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

function openPostgres(url: string, max: number, log?: (e: LogEvent) => void): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // an unreachable database must turn into a quick 503, not a hung request
    connectionTimeoutMillis: 3000,
    query_timeout: 4000,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // a dropped idle connection must not crash the process; the next query reconnects
  pool.on('error', () => {});
  // pool.on('error') covers idle clients only: a connection reset while a query is in flight
  // (database restart, failover, network cut) emitted an unhandled 'error' on the checked-out
  // client and killed the process (test/faults/db-outage.test.ts). The query still fails (503)
  // and the pool discards the broken client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  let closed = false;
  return {
    db,
    dialect: 'postgres',
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
