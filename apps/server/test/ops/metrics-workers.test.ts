/**
 * GET /api/metrics of the built server with WORKERS=2 (issue 32): one scrape shows every worker's
 * requests, whichever worker takes it, and the database's gauges once. Each request goes on a
 * connection of its own, so the cluster hands them to the workers in turn; the server's JSON log
 * lines carry the pid of the worker that answered, which shows where each one landed.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complaintBody,
  insertStudents,
  killAllServers,
  type ServerProcess,
  type Student,
  sleep,
  startServer,
} from '../faults/process';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../harness';

const METRICS_TOKEN = 'metrics-workers-token-0123456789';
const LIST = '/api/complaints/student';

let t: TestDb;
let students: Student[];
let server: ServerProcess;
// the whole log (server.output() keeps only its last 20,000 characters)
let log = '';

beforeAll(async () => {
  t = await createTestDatabase();
  students = await insertStudents(t, 2);
  server = await startServer({
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.url,
    WORKERS: 2,
    METRICS_TOKEN,
    // a JSON line per request, with the answering worker's pid
    LOG_LEVEL: 'info',
  });
  server.proc.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  // both workers listening: fresh connections reach two pids
  await waitFor(async () => {
    await fresh('GET', '/api/health');
    return pidsOf('/api/health').size === 2;
  }, 'two workers answering');
});

afterAll(async () => {
  // SIGTERM first: the supervisor stops its workers (a SIGKILLed one would leave them to notice)
  await server?.stop('SIGTERM');
  await killAllServers();
  await t?.drop();
});

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on a connection of its own (no keep-alive agent), so the cluster picks a worker for it. */
function fresh(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${url}`,
      { method, headers, agent: false, timeout: opts.timeoutMs ?? 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in time`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const scrape = (timeoutMs?: number) =>
  fresh('GET', '/api/metrics', { token: METRICS_TOKEN, ...(timeoutMs ? { timeoutMs } : {}) });

/** The request log lines so far: route and the pid of the worker that answered. */
function logLines(): { route: string; pid: number }[] {
  return log.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { route?: unknown; pid?: unknown };
      return typeof entry.route === 'string' && typeof entry.pid === 'number'
        ? [{ route: entry.route, pid: entry.pid }]
        : [];
    } catch {
      return [];
    }
  });
}
const pidsOf = (route: string) => new Set(logLines().flatMap((l) => (l.route === route ? [l.pid] : [])));
const servedBy = (route: string, pid: number) =>
  logLines().filter((l) => l.route === route && l.pid === pid).length;

/** The samples of one metric in Prometheus text: labels and value. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) labels[k!] = v!;
    found.push({ labels, value: Number(m[3]) });
  }
  return found;
}
const single = (text: string, name: string) => {
  const found = samples(text, name);
  expect(found, name).toHaveLength(1);
  return found[0]!.value;
};
/** The list requests a scrape counts, over every status code (there is one: 200). */
const listRequests = (text: string) =>
  samples(text, 'http_request_duration_seconds_count')
    .filter((s) => s.labels.route === LIST)
    .reduce((sum, s) => sum + s.value, 0);

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}\n--- server output ---\n${server.output().slice(-3000)}`);
}

function workerPids(): number[] {
  return execFileSync('pgrep', ['-P', String(server.proc.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
}

describe(`GET /api/metrics with WORKERS=2 (${TEST_DIALECT})`, () => {
  const SENT = 24;

  it('counts in one scrape every request sent to either worker, whichever worker takes the scrape', async () => {
    for (let i = 0; i < SENT; i++) {
      const res = await fresh('GET', `${LIST}?pageSize=5`, { token: students[i % 2]!.token });
      expect(res.status).toBe(200);
    }
    await waitFor(() => logLines().filter((l) => l.route === LIST).length === SENT, 'the log lines');
    // the requests landed on both workers
    const served = pidsOf(LIST);
    expect(served.size).toBe(2);
    for (const pid of served) expect(servedBy(LIST, pid)).toBeGreaterThan(0);

    // scrapes on fresh connections until each worker has taken at least one: every one counts all
    for (let i = 0; i < 10 && pidsOf('/api/metrics').size < 2; i++) {
      const res = await scrape();
      expect(res.status).toBe(200);
      expect(listRequests(res.body)).toBe(SENT);
      expect(single(res.body, 'metrics_scrape_workers')).toBe(2);
      expect(single(res.body, 'metrics_scrape_workers_answered')).toBe(2);
      // the statements stay apart by worker
      expect(samples(res.body, 'db_statements_total')).toHaveLength(2);
      await waitFor(() => logLines().some((l) => l.route === '/api/metrics'), 'the scrape in the log');
    }
    expect(pidsOf('/api/metrics').size).toBe(2);
  });

  it("reads the database's gauges once, not once per worker", async () => {
    const FILED = 6;
    const filed = await Promise.all(
      Array.from({ length: FILED }, (_, i) =>
        fresh('POST', '/api/complaints', { token: students[i % 2]!.token, body: complaintBody(i) }),
      ),
    );
    expect(filed.map((r) => r.status)).toEqual(Array(FILED).fill(201));
    // the log lines are written after the answers: read them once all are there
    await waitFor(
      () => logLines().filter((l) => l.route === '/api/complaints').length >= FILED,
      'the filings in the log',
    );
    expect(pidsOf('/api/complaints').size).toBe(2);
    // two mails that keep failing, not due again for a day: the senders leave them alone
    const now = Date.now();
    for (let i = 0; i < 2; i++)
      await t.database.db
        .insertInto('mail_outbox')
        .values({
          to_addr: students[i]!.email,
          subject: 'failing mail',
          text_body: 'x',
          html_body: 'x',
          created_at: now - 60_000,
          attempts: 3,
          next_attempt_at: now + 86_400_000,
          locked_until: null,
          sent_at: null,
          last_error: '550 no such user',
        })
        .execute();

    for (let i = 0; i < 2; i++) {
      const text = (await scrape()).body;
      const byStatus = samples(text, 'complaints_by_status');
      expect(byStatus.find((s) => s.labels.status === 'Pending')?.value).toBe(FILED);
      expect(byStatus.filter((s) => s.labels.status === 'Pending')).toHaveLength(1);
      expect(single(text, 'complaints_mail_outbox_failing')).toBe(2);
      expect(single(text, 'complaints_mail_outbox_unsent')).toBeGreaterThanOrEqual(2);
      // a minute old, not two minutes (one age per worker, summed)
      const age = single(text, 'complaints_mail_outbox_oldest_unsent_age_seconds');
      expect(age).toBeGreaterThanOrEqual(60);
      expect(age).toBeLessThan(90);
    }
  });

  it('answers within the timeout when a worker is stuck, with the counts of those that answered and how many did', async () => {
    const [stuck, live] = workerPids();
    expect(live).toBeDefined();
    process.kill(stuck!, 'SIGSTOP');
    try {
      // a scrape handed to the stuck worker waits for it; the next connection goes to the other
      let answer: Answer | undefined;
      for (let i = 0; i < 4 && !answer; i++) answer = await scrape(4_000).catch(() => undefined);
      expect(answer?.status).toBe(200);
      // the supervisor waited a second for the stuck worker, then answered with the other one
      expect(answer!.ms).toBeGreaterThanOrEqual(900);
      expect(answer!.ms).toBeLessThan(3_000);
      expect(single(answer!.body, 'metrics_scrape_workers')).toBe(2);
      expect(single(answer!.body, 'metrics_scrape_workers_answered')).toBe(1);
      expect(listRequests(answer!.body)).toBe(servedBy(LIST, live!));
      expect(listRequests(answer!.body)).toBeLessThan(SENT);
    } finally {
      process.kill(stuck!, 'SIGCONT');
    }
    // once it runs again, it answers again
    await waitFor(async () => {
      const res = await scrape();
      return res.status === 200 && single(res.body, 'metrics_scrape_workers_answered') === 2;
    }, 'both workers in a scrape again');
    expect(listRequests((await scrape()).body)).toBe(SENT);
  });
});
