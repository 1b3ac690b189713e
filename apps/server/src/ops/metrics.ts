/**
 * GET /api/metrics (CONTRACT 5.7): Prometheus text, only for a scraper holding METRICS_TOKEN.
 *
 * One scrape shows the whole server (issue 32). With WORKERS > 1 the worker the cluster hands the
 * scrape to gathers every other worker's per-process metrics through the supervisor
 * (ops/worker-metrics.ts) and merges them with its own by prom-client's aggregators: request
 * counts and durations, statements and CPU summed, event-loop lag averaged, versions taken once.
 * The outbox and complaint gauges are read from the database once, by the worker that took the
 * scrape, not once per worker (which would multiply them). `metrics_scrape_workers_answered`
 * below `metrics_scrape_workers` means a worker did not answer in time: its counts are missing
 * from that scrape, and the sums dip (Prometheus's rate() reads a dip as a counter reset).
 * `db_statements_total` carries the worker it counts (`worker`, 0 for a lone process), so its
 * series stay apart in the merge, and a scraper (the bench) can tell the workers apart.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { COMPLAINT_STATUSES } from '@bit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { readStatementCount } from '../db/statement-count';
import { answerWorkerMetrics, gatherWorkerMetrics } from './worker-metrics';

/** The route label of a request no route matched: its raw URL could hold anything (tokens, emails). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The label for a request: the route's pattern (`/api/complaints/:token`), never the URL itself,
 * which carries complaint tokens and one-time parameters.
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function registerMetrics(app: FastifyInstance, token: string) {
  // registries of its own: the tests build many apps in one process, and prom-client's global
  // registry refuses a second metric of the same name. `perProcess` holds what each worker counts
  // for itself (merged over the workers); `perScrape` what the scrape's worker reads once.
  const perProcess = new Registry();
  const perScrape = new Registry();
  collectDefaultMetrics({ register: perProcess });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [perProcess],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const worker = String(cluster.isWorker ? (cluster.worker?.id ?? 0) : 0);
  // read (with the rest of perProcess) before the gauges below run their queries: the value leaves
  // out the scrape's own statements (they are in the next one)
  new Counter({
    name: 'db_statements_total',
    help: 'SQL statements this process sent to the database (on PostgreSQL, round trips), background jobs and scrapes included',
    labelNames: ['worker'] as const,
    registers: [perProcess],
    collect() {
      this.reset();
      this.inc({ worker }, readStatementCount());
    },
  });

  // The database's gauges: the same from every worker, so read once per scrape (perScrape), and
  // `first`, not prom-client's default sum, should they ever be merged over the workers.
  const { db } = app.ctx.database;
  new Gauge({
    name: 'complaints_mail_outbox_unsent',
    help: 'Mails waiting in the outbox (not yet delivered); a growing number means mail is not going out',
    registers: [perScrape],
    aggregator: 'first',
    async collect() {
      const row = await db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'complaints_mail_outbox_failing',
    help: 'Undelivered mails whose last delivery attempt failed (they are retried with a backoff)',
    registers: [perScrape],
    aggregator: 'first',
    async collect() {
      const row = await db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('sent_at', 'is', null)
        .where('last_error', 'is not', null)
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'complaints_mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest undelivered mail (0 when none waits)',
    registers: [perScrape],
    aggregator: 'first',
    async collect() {
      const row = await db
        .selectFrom('mail_outbox')
        .select(sql<number | null>`min(created_at)`.as('oldest'))
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      const oldest = row?.oldest == null ? null : Number(row.oldest);
      this.set(oldest === null ? 0 : Math.max(0, (app.ctx.clock.now() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'complaints_push_outbox_waiting',
    help: 'Pushes waiting for their push service (CONTRACT 6.3; a delivered push is deleted), and those whose last attempt failed',
    labelNames: ['state'] as const,
    registers: [perScrape],
    aggregator: 'first',
    async collect() {
      const row = await db
        .selectFrom('push_outbox')
        .select([sql<number>`count(*)`.as('n'), sql<number>`count(last_error)`.as('failing')])
        .executeTakeFirst();
      this.set({ state: 'all' }, Number(row?.n ?? 0));
      this.set({ state: 'failing' }, Number(row?.failing ?? 0));
    },
  });
  new Gauge({
    name: 'complaints_by_status',
    help: 'Complaints by their current status',
    labelNames: ['status'] as const,
    registers: [perScrape],
    aggregator: 'first',
    async collect() {
      // the counters the dashboards read, kept with every status change (services/counters.ts)
      const keys = COMPLAINT_STATUSES.map((s) => `c:all:${s}`);
      const rows = await db
        .selectFrom('counters')
        .select(['key', 'value'])
        .where('key', 'in', keys)
        .execute();
      const byKey = new Map(rows.map((r) => [r.key, Number(r.value)]));
      for (const status of COMPLAINT_STATUSES) this.set({ status }, byKey.get(`c:all:${status}`) ?? 0);
    },
  });

  /** How many workers this scrape asked and how many answered: a registry per scrape, as two may overlap. */
  const scrapeWorkers = (asked: number, answered: number) => {
    const registry = new Registry();
    new Gauge({
      name: 'metrics_scrape_workers',
      help: 'Server processes this scrape asked for their metrics (the one that took it included)',
      registers: [registry],
    }).set(asked);
    new Gauge({
      name: 'metrics_scrape_workers_answered',
      help: 'Server processes whose metrics are in this scrape; fewer than metrics_scrape_workers means some counts are missing',
      registers: [registry],
    }).set(answered);
    return registry.metrics();
  };

  /** This process's metrics, or in a worker every listening worker's merged, then the scrape's workers. */
  const processMetrics = async (): Promise<string> => {
    if (!cluster.isWorker) return `${await perProcess.metrics()}\n${await scrapeWorkers(1, 1)}`;
    const own = await perProcess.getMetricsAsJSON();
    const others = await gatherWorkerMetrics(app.ctx.config.workers);
    const merged = AggregatorRegistry.aggregate([own, ...others.metrics] as object[]);
    return `${await merged.metrics()}\n${await scrapeWorkers(others.workers, others.metrics.length + 1)}`;
  };
  if (cluster.isWorker) {
    const stop = answerWorkerMetrics(() => perProcess.getMetricsAsJSON());
    app.addHook('onClose', async () => stop());
  }

  const expected = digest(`Bearer ${token}`);
  const authorized = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    // compared as digests: same length, constant time, so the answer's timing tells nothing
    return typeof header === 'string' && timingSafeEqual(digest(header), expected);
  };
  app.get(
    '/api/metrics',
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      // exactly the answer an unknown path gets: a scanner learns nothing about the endpoint
      if (!authorized(request)) return reply.callNotFound();
      const body = `${await processMetrics()}\n${await perScrape.metrics()}`;
      return reply.type(perScrape.contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
