import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Ctx } from './context';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { startMailSender } from './delivery/mail/sender';
import { startPushSender } from './delivery/push/sender';
import { type Clock, systemClock } from './lib/clock';
import { OneLinePerRequest, prettyStream } from './ops/logging';
import { registerMetrics } from './ops/metrics';
import { registerAuth } from './plugins/app/auth';
import { signedInPageFor } from './plugins/app/signed-in-page';
import { registerDocs } from './plugins/external/docs';
import { registerErrorHandling } from './plugins/external/errors';
import { registerSecurity, validatorCompiler } from './plugins/external/security';
import { compiledSerializer } from './plugins/external/serializer';
import { registerWebApp } from './plugins/external/web-app';
import { registerRoutes } from './routes';
import { vapidKeys } from './services/accounts/push-subscriptions';
import { DAILY_JOBS } from './services/oversight/digest';
import { startScheduler } from './services/oversight/scheduler';

export interface BuildOptions {
  clock?: Clock;
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** Run the background mail sender (default true). */
  mailSender?: boolean;
  /** Run the background push sender (default: with the mail sender). */
  pushSender?: boolean;
  /** Certificates the push sender trusts instead of the system's: a test push service's own. */
  pushCa?: string;
  /** Run the timed jobs (digests, escalations) once a minute (default: with the mail sender). */
  scheduler?: boolean;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * Bring the database's schema up to date first (default true). A supervisor's workers are
   * started after it migrated, so each of them would only read the migration table again.
   */
  migrate?: boolean;
  /**
   * Check every response body against its zod schema before sending it: on in tests and in
   * `npm run dev` (NODE_ENV=development), where a handler returning the wrong shape must fail
   * loudly; off in production, where the compiled serializer writes only the schema's fields.
   */
  validateResponses?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
}

export type App = FastifyInstance;

/**
 * Fastify's own number option trusts no hop at all (the installed 5.12 "fails closed": it cannot
 * tell a proxy from a client), so a hop count is given as proxy-addr's function: the first `hops` addresses counted
 * from the socket are proxies, whatever they are. A list goes to proxy-addr as it is.
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** The one way to make the server: used by the CLI, the tests and the benchmark. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // a terminal gets readable lines; a pipe (systemd's journal, a log shipper, a test) gets JSON
  const logStream =
    opts.logStream ?? (opts.logger !== false && process.stdout.isTTY ? await prettyStream() : undefined);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // a client that vanishes mid-request must not hold a worker forever
    requestTimeout: 30_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // the contract's zod schemas, after CONTRACT 6.7's rule on control characters in any text sent
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    compiledSerializer({ validate: opts.validateResponses ?? process.env.NODE_ENV === 'development' }),
  );

  const database =
    opts.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // the workers split one page-cache budget (the OS caches the file for all of them anyway)
      sqliteCacheKb: Math.max(8_000, 32_000 / config.workers),
    });
  const ownsDatabase = !opts.database;
  if (opts.migrate !== false) await migrateToLatest(database.db, database.dialect, config);

  const wakes: (() => void)[] = [];
  const ctx: Ctx = {
    config,
    database,
    clock: opts.clock ?? systemClock,
    log: app.log,
    mailQueued: () => {
      for (const wake of wakes) wake();
    },
  };
  app.decorate('ctx', ctx);

  const background: { stop(): Promise<void> }[] = [];
  if (opts.mailSender !== false) {
    const sender = startMailSender(ctx);
    wakes.push(sender.wake);
    background.push(sender);
  }
  if (opts.pushSender ?? opts.mailSender !== false) {
    const sender = startPushSender(ctx, { vapidKeys: () => vapidKeys(ctx), ca: opts.pushCa });
    wakes.push(sender.wake);
    background.push(sender);
  }
  if (opts.scheduler ?? opts.mailSender !== false) background.push(startScheduler(ctx, DAILY_JOBS));
  // one hook, in this order: the mail sender and the scheduler stop and finish what they are doing,
  // then the database closes under nothing
  app.addHook('onClose', async () => {
    await Promise.all(background.map((work) => work.stop()));
    if (ownsDatabase) await database.close();
  });

  registerErrorHandling(app);
  await registerSecurity(app);
  await registerDocs(app);
  registerAuth(app);
  if (config.metricsToken) registerMetrics(app, config.metricsToken);
  await app.register(registerRoutes, { prefix: '/api' });
  await registerWebApp(app, signedInPageFor);
  return app;
}
