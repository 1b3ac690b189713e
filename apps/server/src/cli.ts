import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import type { Ctx } from './context';
import { workerV8Flags } from './lib/worker-flags';
import { relayWorkerMetrics } from './ops/worker-metrics';

// The rest of the server is imported where a command needs it (the build splits it into chunks),
// so the supervisor of several workers stays a small process that never loads the app.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function serve() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return supervise(config.workers);
  const { buildApp } = await import('./app');
  // a worker's supervisor migrated the database before starting it (see supervise)
  const app = await buildApp(config, { migrate: !cluster.isWorker });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // a stuck request must not keep the process alive forever
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // a worker whose supervisor died (even by SIGKILL) must not live on without it
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('supervisor gone'));
  await app.listen({ port: config.port, host: config.host });
}

/**
 * WORKERS > 1: this process keeps that many server processes on the one port (Node's cluster
 * module hands each new connection to the next one). Each worker is a whole server: sessions,
 * throttles, counters and the mail outbox live in the database, and SQLite in WAL mode lets the
 * workers read side by side while their writes take turns.
 */
async function supervise(count: number) {
  // Migrations run once, before any worker starts, in a short-lived process of their own (so this
  // one never loads the app): Kysely takes no migration lock on SQLite, and two workers migrating
  // a new database at once collided ("table users already exists").
  const migrated = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, 'migrate'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (migrated.status !== 0) fail('The database could not be migrated; the server is not started.');

  const own = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...workerV8Flags(own)] });
  // a metrics scrape reaches one worker, which asks the others through this process
  relayWorkerMetrics();

  let stopping = false;
  let failedStarts = 0;
  const start = () => {
    const worker = cluster.fork();
    let listened = false;
    worker.once('listening', () => {
      listened = true;
      failedStarts = 0;
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      // a worker that cannot even start (bad configuration, port taken) would fail forever
      if (!listened && ++failedStarts > 5) {
        console.error('Server workers keep failing to start; stopping.');
        process.exit(1);
      }
      console.error(`A server worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
      setTimeout(start, 200 * failedStarts);
    });
  };
  for (let i = 0; i < count; i++) start();

  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 12_000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 50);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

async function withDatabase<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const { openDatabase } = await import('./db/database');
  const { migrateToLatest } = await import('./db/migrate');
  const { systemClock } = await import('./lib/clock');
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.dialect, config);
    const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Ctx['log'];
    return await fn({ config, database, clock: systemClock, log: silent, mailQueued: () => {} });
  } finally {
    await database.close();
  }
}

async function backupOrRestore(command: 'backup' | 'restore', args: string[]) {
  const usage =
    command === 'backup'
      ? 'Usage: npm run backup -- --out FILE'
      : 'Usage: npm run restore -- --in FILE [--force]';
  let values: { out?: string; in?: string; force?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options:
        command === 'backup'
          ? { out: { type: 'string' } }
          : { in: { type: 'string' }, force: { type: 'boolean', default: false } },
      strict: true,
    }));
  } catch (err) {
    fail(`${command}: ${(err as Error).message}\n${usage}`);
  }
  const file = command === 'backup' ? values.out : values.in;
  if (!file) fail(`${command}: --${command === 'backup' ? 'out' : 'in'} FILE is required.\n${usage}`);
  const config = loadConfig();
  const ops = await import('./ops/backup');
  try {
    if (command === 'backup') await ops.backup(config, path.resolve(file), console.log);
    else await ops.restore(config, path.resolve(file), values.force === true, console.log);
  } catch (err) {
    console.error(`${command}: ${(err as Error).message}`);
    process.exit(err instanceof ops.OpsError ? err.exitCode : 1);
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      return withDatabase(async (ctx) => {
        console.log(`Migrations applied. Database: ${ctx.database.dialect}`);
      });
    case 'create-admin': {
      let values: Record<string, string | boolean | undefined>;
      try {
        ({ values } = parseArgs({
          args: rest,
          options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
          strict: true,
        }));
      } catch (err) {
        fail(
          `create-admin: ${(err as Error).message}\nUsage: npm run create-admin -- --email E --password P --name N`,
        );
      }
      const usage = 'Usage: npm run create-admin -- --email E --password P --name N';
      if (!values.email || !values.password || !values.name)
        fail(`create-admin: --email, --password and --name are all required.\n${usage}`);
      // the rules of the contract, as for every sign-up (CONTRACT 5.9: one plain local@domain, lower-cased)
      const { ZCreateAdminRequest } = await import('@bit/contract');
      const parsed = ZCreateAdminRequest.safeParse(values);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail(`create-admin: --${String(issue?.path[0] ?? 'email')}: ${issue?.message}`);
      }
      const { email, password, name } = parsed.data;
      return withDatabase(async (ctx) => {
        const { createAdmin } = await import('./services/accounts/admins');
        const result = await createAdmin(ctx, { email, password, name });
        console.log(result === 'created' ? `Admin ${email} created.` : `Admin ${email}: password reset.`);
      }).catch((err) => fail(`create-admin: ${(err as Error).message}`));
    }
    case 'backup':
    case 'restore':
      return backupOrRestore(command, rest);
    case 'seed-demo': {
      const { seedDemo } = await import('./seed/demo');
      return withDatabase((ctx) => seedDemo(ctx));
    }
    default:
      fail('Usage: cli <serve|migrate|create-admin|seed-demo|backup|restore>');
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) fail(err.message);
  console.error(err);
  process.exit(1);
});
