/**
 * `backup` and `restore` (CONTRACT 5.7). The embedded database is copied with VACUUM INTO, which
 * reads one snapshot inside a single read transaction: the running server keeps writing to the
 * WAL meanwhile and the copy holds exactly the commits made before the snapshot began. PostgreSQL
 * is left to its own tools (pg_dump / pg_restore), which do the same for a server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../config';

/** A failure the command reports as one line and this exit code (2: a needed tool is missing). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const DB_FILE = 'complaints.db';

export async function backup(config: AppConfig, out: string, log: (line: string) => void): Promise<void> {
  // the copy holds password, session and code hashes: readable by its owner only, whatever the umask
  process.umask(0o077);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // written beside the target and renamed at the end, so a failed run never leaves half a backup
  // under the name a restore would pick up
  const partial = `${out}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  try {
    if (config.databaseUrl) pgDump(config.databaseUrl, partial);
    else sqliteBackup(path.join(config.dataDir, DB_FILE), partial);
    fs.chmodSync(partial, 0o600);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, out);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  log(`Backup written to ${out} (${fs.statSync(out).size} bytes).`);
}

function sqliteBackup(source: string, target: string) {
  if (!fs.existsSync(source))
    throw new OpsError(`No database at ${source}: nothing to back up (check DATA_DIR).`);
  const conn = new SQLite(source, { fileMustExist: true });
  try {
    // the server may hold the write lock for a moment; wait as it does instead of failing
    conn.pragma('busy_timeout = 5000');
    // VACUUM INTO accepts an existing file only when it is empty: the 0600 file made above
    conn.prepare('VACUUM INTO ?').run(target);
  } finally {
    conn.close();
  }
  const copy = new SQLite(target, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new OpsError(`The copy failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/**
 * The password goes to pg_dump/pg_restore in PGPASSWORD, not on their command line, where every
 * local account could read it in the process list.
 */
function pgArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env };
}

function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new OpsError(
      `${tool} is not installed: with DATABASE_URL the ${tool === 'pg_dump' ? 'backup' : 'restore'} uses PostgreSQL's own ${tool} (on Debian: apt-get install postgresql-client, the same major version as the server or newer).`,
      2,
    );
  if (result.error) throw new OpsError(`${tool} could not run: ${result.error.message}`);
  if (result.status !== 0)
    throw new OpsError(`${tool} failed (exit ${result.status}):\n${result.stderr.trim()}`);
}

function pgDump(databaseUrl: string, target: string) {
  const { dbname, env } = pgArgs(databaseUrl);
  runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${dbname}`], env);
}

export async function restore(
  config: AppConfig,
  input: string,
  force: boolean,
  log: (line: string) => void,
): Promise<void> {
  if (!fs.existsSync(input)) throw new OpsError(`No backup at ${input}.`);
  if (config.databaseUrl) return pgRestore(config.databaseUrl, input, force, log);
  process.umask(0o077);
  const target = path.join(config.dataDir, DB_FILE);
  if (fs.existsSync(target) && !force)
    throw new OpsError(
      `${target} already exists: restore refuses to overwrite a database. Stop the server and add --force to replace it, or point DATA_DIR at an empty folder.`,
    );
  // a PostgreSQL dump handed to the embedded database would only fail later, less clearly
  const check = (() => {
    try {
      const conn = new SQLite(input, { readonly: true, fileMustExist: true });
      try {
        return String(conn.pragma('quick_check', { simple: true }));
      } finally {
        conn.close();
      }
    } catch (err) {
      return (err as Error).message;
    }
  })();
  if (check !== 'ok') throw new OpsError(`${input} is not a sound SQLite backup: ${check}`);

  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const partial = `${target}.restoring-${process.pid}`;
  try {
    fs.copyFileSync(input, partial);
    fs.chmodSync(partial, 0o600);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    // a WAL left by the replaced database would be replayed over the restored one
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  log(`Restored ${input} into ${target}. Start the server: it applies any newer migrations.`);
}

async function pgRestore(databaseUrl: string, input: string, force: boolean, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let tables: number;
  try {
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    tables = res.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
  if (tables > 0 && !force)
    throw new OpsError(
      `The database in DATABASE_URL is not empty (${tables} tables): restore refuses to overwrite it. Stop the servers and add --force to replace its contents, or restore into a new database.`,
    );
  const { dbname, env } = pgArgs(databaseUrl);
  const args = ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (tables > 0) args.unshift('--clean', '--if-exists');
  runPgTool('pg_restore', [...args, input], env);
  log(
    `Restored ${input} into the database in DATABASE_URL. Start the servers: they apply any newer migrations.`,
  );
}
