/**
 * GET /api/metrics (CONTRACT 5.7): Prometheus text, only for a scraper holding METRICS_TOKEN.
 *
 * Each process answers for itself: with WORKERS > 1 a scrape reaches whichever worker the cluster
 * hands the connection to, so request counts and process metrics are that worker's. The outbox and
 * complaint gauges are read from the database at scrape time and are the same from every worker.
 * Instances meant to be scraped run with WORKERS=1 each (docs/deploy.md), one target per instance.
 * `db_statements_total` carries the worker it counts (`worker`, 0 for a lone process), so its
 * series stay apart however the scrapes land, and a scraper (the bench) can sum the workers.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { COMPLAINT_STATUSES } from '@bit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { readStatementCount } from './statement-count';

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
  // a registry of its own: the tests build many apps in one process, and prom-client's global
  // registry refuses a second metric of the same name
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const worker = String(cluster.isWorker ? (cluster.worker?.id ?? 0) : 0);
  // registered before the gauges below, whose queries run while a scrape is collected: the value
  // read leaves out the scrape's own statements (they are in the next one)
  new Counter({
    name: 'db_statements_total',
    help: 'SQL statements this process sent to the database (on PostgreSQL, round trips), background jobs and scrapes included',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ worker }, readStatementCount());
    },
  });

  const { db } = app.ctx.database;
  new Gauge({
    name: 'complaints_mail_outbox_unsent',
    help: 'Mails waiting in the outbox (not yet delivered); a growing number means mail is not going out',
    registers: [registry],
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
    registers: [registry],
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
    registers: [registry],
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
    name: 'complaints_by_status',
    help: 'Complaints by their current status',
    labelNames: ['status'] as const,
    registers: [registry],
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
      const body = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
