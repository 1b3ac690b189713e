import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Ctx } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { systemClock } from './lib/clock';
import { createAdmin } from './services/accounts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function serve() {
  const config = loadConfig();
  const app = await buildApp(config);
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
  await app.listen({ port: config.port, host: config.host });
}

async function withDatabase<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Ctx['log'];
    return await fn({ config, database, clock: systemClock, log: silent, mailQueued: () => {} });
  } finally {
    await database.close();
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
      const email = String(values.email ?? '').trim();
      const password = String(values.password ?? '');
      const name = String(values.name ?? '').trim();
      const usage = 'Usage: npm run create-admin -- --email E --password P --name N';
      if (!email || !password || !name)
        fail(`create-admin: --email, --password and --name are all required.\n${usage}`);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        fail(`create-admin: "${email}" is not an email address.`);
      if (password.length < 8) fail('create-admin: the password must be at least 8 characters long.');
      if (name.length > 100) fail('create-admin: the name must be at most 100 characters.');
      return withDatabase(async (ctx) => {
        const result = await createAdmin(ctx, { email, password, name });
        console.log(result === 'created' ? `Admin ${email} created.` : `Admin ${email}: password reset.`);
      }).catch((err) => fail(`create-admin: ${(err as Error).message}`));
    }
    case 'seed-demo': {
      const { seedDemo } = await import('./seed/demo');
      return withDatabase((ctx) => seedDemo(ctx));
    }
    default:
      fail('Usage: cli <serve|migrate|create-admin|seed-demo>');
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) fail(err.message);
  console.error(err);
  process.exit(1);
});
