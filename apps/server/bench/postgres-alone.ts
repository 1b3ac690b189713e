// Issue 21's floor on PostgreSQL: the statements one request of a scenario sends, replayed by
// pgbench with as many clients as the HTTP load has connections. No Node, no HTTP: what the
// database alone does with that work on this machine, beside what the app does with it, in one run.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { quantile } from './quantile';

const run = promisify(execFile);

export interface Statement {
  text: string;
  values: unknown[];
}

export interface AloneResult {
  rps: number;
  p50: number;
  p99: number;
  statements: number;
}

/**
 * The statements each GET request sends, read in this process: the app built on the same database
 * (no mail sender, no scheduler), each request made once to warm it and once counted, every
 * `pg.Client#query` recorded (one per round trip, pooled or not).
 */
export async function captureStatements(
  databaseUrl: string,
  dataDir: string,
  requests: { name: string; url: string; headers: Record<string, string> }[],
): Promise<Map<string, Statement[]>> {
  const seen: Statement[] = [];
  const original = pg.Client.prototype.query;
  // before the pool connects: a connected client may keep the method it found
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else seen.push({ text: first.text, values: first.values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
    {
      logger: false,
      mailSender: false,
      scheduler: false,
      migrate: false,
    },
  );
  try {
    await app.ready();
    const out = new Map<string, Statement[]>();
    for (const r of requests) {
      await app.inject({ method: 'GET', url: r.url, headers: r.headers });
      seen.length = 0;
      const res = await app.inject({ method: 'GET', url: r.url, headers: r.headers });
      if (res.statusCode !== 200)
        throw new Error(`${r.name}: ${res.statusCode} while its statements were read`);
      out.set(r.name, [...seen]);
    }
    return out;
  } finally {
    await app.close();
    pg.Client.prototype.query = original;
  }
}

/** A value as an SQL literal: pgbench replays a statement's text with its parameters written in. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return `'${String(v).replaceAll("'", "''")}'`;
}

/**
 * pgbench reads `:name` anywhere in a prepared statement as its own variable, inside quotes too, and
 * the counters' keys (`'c:' || ... || ':Pending'`) hold colons: a colon in a literal is spelt chr(58),
 * which the planner folds back into the constant.
 */
const withoutColons = (text: string) =>
  text.replace(/'(?:[^']|'')*'/g, (quoted) =>
    quoted.includes(':') ? `(${quoted.split(':').join("' || chr(58) || '")})` : quoted,
  );

/** One request's statements as a pgbench script, one after another (the app sends some together). */
export function pgbenchScript(statements: Statement[]): string {
  return statements
    .map(({ text, values }) => {
      const inlined = text.replace(/\$(\d+)/g, (_, i: string) => literal(values[Number(i) - 1]));
      return `${withoutColons(inlined).replace(/\s+/g, ' ').trim()};\n`;
    })
    .join('');
}

/**
 * The script replayed for `seconds` by `clients` pgbench clients (prepared statements, as the app
 * prepares its own): transactions a second, and p50 and p99 of a transaction's time from pgbench's
 * log of every transaction, in milliseconds to 0.01.
 */
export async function replayAlone(
  databaseUrl: string,
  statements: Statement[],
  seconds: number,
  clients: number,
): Promise<AloneResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-pgbench-'));
  try {
    const script = path.join(dir, 'request.sql');
    fs.writeFileSync(script, pgbenchScript(statements));
    const { stdout } = await run(
      'pgbench',
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${clients}`,
        '--jobs=2',
        `--time=${seconds}`,
        `--file=${script}`,
        '--log',
        `--log-prefix=${path.join(dir, 'log')}`,
        databaseUrl,
      ],
      { cwd: dir, maxBuffer: 1 << 24 },
    );
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    // each line: client, transaction, its time in microseconds, script, epoch, microseconds
    const latencies = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('log.'))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(dir, f), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => Number(line.split(' ')[2]) / 1000),
      );
    return {
      rps: Number(tps[1]),
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      statements: statements.length,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
