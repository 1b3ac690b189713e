// `npm run bench`: load benchmark with a ceiling measured in the same run.
//   npm run bench                       10,000 and 1,000,000 complaints on SQLite (or DATABASE_URL)
//   npm run bench -- --complaints 50000 one dataset only
//   npm run bench -- --sizes 10000,200000 --duration 5
//   npm run bench -- --workers 1        the server's process count (default: as `npm start`, one per CPU)
//   npm run bench -- --grievances 5000  grievances beside each size's complaints (issue 52; default a
//                                       tenth of the complaints when a grievance scenario runs, else none)
// It needs the built server (npm run build) and builds nothing itself.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deepestPage, MESSAGES_PER_HOUR } from '@bit/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { COMPLAINTS_PER_DAY } from '../src/services/complaints';
import { addCpu, type CpuUse, cpuWindow, serverProcesses } from './cpu';
import {
  BENCH_PASSWORD,
  type BenchUser,
  BULK_LOAD_WAIT,
  generate,
  signInBenchUsers,
  signInFilers,
  signInPosters,
  signInUser,
} from './generate';
import { measureIncidentUpdate, measureOpenWhileFiling, prepareIncidents, REFERENCE_PATH } from './incidents';
import { type AloneResult, captureStatements, replayAlone } from './postgres-alone';
import { drainPushes } from './push-drain';
import { quantile } from './quantile';
import { freePort, startServer } from './server';
import { COMMON_WORD, TWO_WORDS } from './vocabulary';

/** The load's concurrent connections, and pgbench's clients for PostgreSQL alone. */
const CONNECTIONS = 10;

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../dist/cli.js');

const { values } = parseArgs({
  options: {
    complaints: { type: 'string' },
    sizes: { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    workers: { type: 'string' },
    // a regular expression over scenario names: runs only those (the data is generated all the same)
    only: { type: 'string' },
    // issue 52: grievances beside the complaints of every size
    grievances: { type: 'string' },
  },
});
const only = values.only ? new RegExp(values.only, 'i') : null;
const sizes = (values.complaints ?? values.sizes ?? '10000,1000000').split(',').map(Number);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const workers = Number(values.workers ?? process.env.WORKERS ?? Math.min(os.availableParallelism(), 8));
if (!Number.isInteger(workers) || workers < 1)
  throw new Error('--workers must be a whole number of at least 1');
if (sizes.some((n) => !Number.isInteger(n) || n < 100))
  throw new Error('sizes must be whole numbers of at least 100');
/**
 * Issue 52's scenarios (grievances: a committee's list and the report). The grievances are generated
 * when one of them runs: --grievances of them, or a tenth of the complaints (100,000 beside 1,000,000).
 */
const GRIEVANCE_LIST = 'GET grievances p1 (sgrc member)';
const GRIEVANCE_OVERDUE = 'GET grievances overdue (sgrc member)';
const GRIEVANCE_REPORT = 'GET grievance report 366 days';
const grievancesRun =
  !only || [GRIEVANCE_LIST, GRIEVANCE_OVERDUE, GRIEVANCE_REPORT].some((x) => only.test(x));
const grievancesFor = (n: number) =>
  values.grievances !== undefined ? Number(values.grievances) : grievancesRun ? Math.round(n / 10) : 0;
if (
  values.grievances !== undefined &&
  !(Number.isInteger(Number(values.grievances)) && Number(values.grievances) >= 0)
)
  throw new Error('--grievances must be a whole number, 0 or more');
if (!fs.existsSync(serverEntry)) {
  console.error('The server is not built. Run `npm run build` first (the benchmark builds nothing itself).');
  process.exit(1);
}

// BENCH_NODE_ARGS: Node.js options for the server's processes (`--cpu-prof --cpu-prof-dir=…` for a
// profile of each worker under the load; Node refuses them in NODE_OPTIONS)
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** responses autocannon received in the two measured halves, non-2xx included */
  requests: number;
  /** requests autocannon wrote in them: those and the ones still in flight at the end */
  sent: number;
  /** database statements per request sent under the load (db_statements_total, every worker) */
  statementsPerRequest: number;
  /** the same, one request at a time: no group commit sharing a BEGIN and COMMIT */
  statementsPerRequestAlone: number;
  ceilingRps: number;
  ceilingP99: number;
  ratio: number;
  bytes: number;
  /** PostgreSQL: the statements of one request replayed by pgbench alone (bench/postgres-alone.ts) */
  postgresAlone?: AloneResult;
  /** CPU ms per request sent over the app's halves, by side; `busy`: the machine's busy share */
  cpu: CpuUse;
  /** the same over the ceiling's halves (`server`: the bare server; `postgres`: nothing of its own) */
  ceilingCpu: CpuUse;
  /** requests a second the app's CPU per request allows on all the machine's cores, at most */
  cpuBound: number;
}

/**
 * One load window. Besides autocannon's own figures it keeps every 2xx response's latency as
 * measured (fractions of a millisecond): autocannon's histogram has whole-millisecond buckets, so
 * at 10,000 complaints a p99 of 2.x ms read as 2 and one of 4.0 as 4, and the 1M/10k ratio of
 * such p99s swung by a factor of two on noise. The same listener is on the ceiling's load, so both
 * sides pay for it alike.
 */
async function load(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; next?: () => Turn },
  seconds: number,
) {
  const latencies: number[] = [];
  const { next } = opts;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        method: (opts.method ?? 'GET') as 'GET',
        headers: opts.headers,
        body: opts.body,
        // a bearer token (and path) per request, taken in turn from a pool (the posting scenarios)
        ...(next
          ? {
              requests: [
                {
                  setupRequest: (req: autocannon.Request) => {
                    const turn = next();
                    return {
                      ...req,
                      ...(turn.path ? { path: turn.path } : {}),
                      headers: { ...req.headers, authorization: `Bearer ${turn.token}` },
                    };
                  },
                },
              ],
            }
          : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
  return {
    rps: r.requests.average,
    latencies,
    non2xx: r.non2xx + r.errors + r.timeouts,
    // completed, non-2xx included
    requests: r.requests.total,
    // written: the completed ones and those still in flight when the time ran out (at most one per
    // connection), which the server goes on to answer, statements and all
    sent: r.requests.sent,
  };
}

// The ceiling: a bare node:http server answering a pre-serialised body of the scenario's size.
// It runs in its own process, like the app server, so the load generator does not share its thread.
const CEILING_SERVER = `
const http = require('node:http');
const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, Number(process.argv[1]) - 12)) }));
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
`;

/** Starts the ceiling for a body of `bytes` bytes and warms it up. */
async function startCeiling(bytes: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', CEILING_SERVER, String(bytes), String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((r) => child.once('message', r));
  const url = `http://127.0.0.1:${port}/`;
  await load(url, {}, warmup);
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill();
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Students the filing scenario takes turns with: enough that at 20,000 filings a second (several
 * times what this machine's server takes) through the warm-up and both halves none files more
 * than half the 20 complaints a day a student may (CONTRACT 5.9), so no filing meets a refusal.
 */
const filersNeeded = () => Math.ceil(((warmup + duration) * 20_000) / (COMPLAINTS_PER_DAY / 2));

/**
 * Students the message scenario takes turns with, each on their own complaint: at 2,000 messages
 * a second (more than twice the filing rate this machine's server takes) through the warm-up and
 * both halves none writes more than half the 30 messages an hour a user may (CONTRACT 5.2), plus
 * the sample and the requests one at a time.
 */
const postersNeeded = () => Math.ceil(((warmup + duration) * 2_000) / (MESSAGES_PER_HOUR / 2)) + 50;

/** One request's bearer token and, where each token has its own, its path. */
interface Turn {
  token: string;
  path?: string;
}

/** Hands out the tokens (and their paths) in turn, each as rarely as the pool allows. */
function rotation(tokens: string[], paths?: string[]) {
  let i = 0;
  return (): Turn => {
    const k = i++ % tokens.length;
    return paths ? { token: tokens[k]!, path: paths[k]! } : { token: tokens[k]! };
  };
}

/**
 * The database statements the server has sent so far (`db_statements_total` of GET /api/metrics,
 * one series per worker). One scrape shows every worker (the one that takes it gathers the others'
 * counts); only that one runs the scrape's own queries, after reading its count, so each scrape's
 * cost shows in the next reading. A scrape that a worker did not answer in time is made again.
 */
function statementReader(base: string, token: string, workers: number) {
  const scrape = () =>
    new Promise<string>((resolve, reject) => {
      const req = http.get(
        `${base}/api/metrics`,
        { agent: false, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            res.statusCode === 200 ? resolve(body) : reject(new Error(`metrics answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
    });
  // scrapes made so far, each one's queries counted in the readings after it
  let scrapes = 0;
  /** Each worker's count, and how many scrapes were made before this one. */
  const read = async () => {
    // a worker just forked may not listen yet, nor answer the scrape's worker
    const deadline = Date.now() + 30_000;
    for (;;) {
      const text = await scrape();
      const before = scrapes++;
      const answered = Number(/^metrics_scrape_workers_answered (\d+)$/m.exec(text)?.[1] ?? 0);
      const values = new Map<string, number>();
      for (const [, worker, value] of text.matchAll(/^db_statements_total\{worker="([^"]+)"\} (\d+)/gm))
        values.set(worker!, Number(value));
      if (answered >= workers && values.size >= workers) return { values, scrapes: before };
      if (Date.now() > deadline)
        throw new Error(`only ${answered} of ${workers} workers answered the metrics`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  type Reading = Awaited<ReturnType<typeof read>>;
  /**
   * Statements between two readings, over every worker, less the metrics' own queries of every
   * scrape made in between. NaN when a worker was replaced in between.
   */
  const between = (before: Reading, after: Reading, scrapeCost: number) => {
    let sum = 0;
    for (const [worker, now] of after.values) {
      const was = before.values.get(worker);
      if (was === undefined) return Number.NaN;
      sum += now - was;
    }
    return sum - scrapeCost * (after.scrapes - before.scrapes);
  };
  let scrapeCost = Number.NaN;
  return {
    /**
     * Learns what one scrape costs: the least seen between readings with nothing else to do.
     * Call it once, with the server idle, before the others.
     */
    async calibrate() {
      const readings = [await read(), await read(), await read()];
      let least = Number.POSITIVE_INFINITY;
      for (let i = 1; i < readings.length; i++) {
        const cost =
          between(readings[i - 1]!, readings[i]!, 0) / (readings[i]!.scrapes - readings[i - 1]!.scrapes);
        if (Number.isFinite(cost)) least = Math.min(least, cost);
      }
      if (!Number.isFinite(least)) throw new Error('could not tell what a metrics scrape costs');
      scrapeCost = Math.round(least);
    },
    between: (before: Reading, after: Reading) => between(before, after, scrapeCost),
    /**
     * A reading once the server has stopped sending statements: the requests a load left in flight
     * when its time ran out (a report takes a third of a second under load) have finished, and
     * the mails they queued gone out. Without it a scenario's statements took in the last
     * ones of the load before it. At most 5 s: the mail sender polls every 2 s even when idle.
     */
    async settled() {
      let last = await read();
      for (let waited = 0; waited < 5000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
        const next = await read();
        if (between(last, next, scrapeCost) === 0) return next;
        last = next;
      }
      return last;
    },
  };
}

const readKb = (file: string, field: string) => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/**
 * Memory of the whole server, however many processes it runs: the proportional set size (shared
 * pages such as Node's own code split between the processes that map them) summed over them,
 * sampled while the load runs; the peak is kept.
 */
function watchMemory(pid: number) {
  let peakMb = 0;
  const sample = () => {
    const kb = serverProcesses(pid).reduce((sum, p) => sum + readKb(`/proc/${p}/smaps_rollup`, 'Pss'), 0);
    peakMb = Math.max(peakMb, kb / 1024);
  };
  const timer = setInterval(sample, 250);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return peakMb;
    },
  };
}

async function runSize(n: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-bench-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `bitc_bench_${n}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = openDatabase({ databaseUrl, dataDir, pgWaitMs: BULK_LOAD_WAIT });
  await migrateToLatest(database.db, database.dialect);
  const grievanceCount = grievancesFor(n);
  console.log(
    `\nGenerating ${n.toLocaleString('en')} complaints${grievanceCount > 0 ? ` and ${grievanceCount.toLocaleString('en')} grievances` : ''} on ${database.dialect}…`,
  );
  const g = await generate(database.db, n, console.log, database.dialect, { grievances: grievanceCount });
  console.log(`  done in ${g.seconds.toFixed(1)} s`);
  const tokens = await signInBenchUsers(database.db, g);
  // issue 52: a member of the SGRC (not its chair), signed in as the others are
  const sgrcToken = g.grievances ? await signInUser(database.db, g.grievances.sgrcMemberId) : null;
  // issue 34: open incidents for the filing form's read, and one with 500 linked complaints
  const bigIncident = await prepareIncidents(database.db, g.wardenId, Date.now());
  // issue 31: a sign-in with the right password (argon2 is most of it; the locks must add nothing)
  const loginEmail = (
    await database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', g.sampleStudentId)
      .executeTakeFirstOrThrow()
  ).email;
  const filers = await signInFilers(database.db, filersNeeded());
  // only when the scenario runs: their complaints are new ones, on top of the n generated
  const posters = !only || only.test(POST_MESSAGE) ? await signInPosters(database.db, postersNeeded()) : [];
  await database.close();
  const metricsToken = randomBytes(24).toString('hex');

  const { server, base } = await startServer({
    entry: serverEntry,
    dataDir,
    databaseUrl,
    workers,
    metricsToken,
    nodeArgs,
  });
  const statements = statementReader(base, metricsToken, workers);
  await statements.calibrate();
  const memoryWatch = watchMemory(server.pid!);
  const auth = (who: BenchUser) => ({ authorization: `Bearer ${tokens[who]}` });
  // a page deep in the filtered results: half way through what the filter matches
  const filterCount = (await (
    await fetch(`${base}/api/complaints/admin/all?hostelNo=5&status=Resolved&pageSize=20`, {
      headers: auth('admin'),
    })
  ).json()) as { count: number };
  const deepPage = Math.max(2, Math.min(deepestPage(20), Math.floor(filterCount.count / 20 / 2)));
  // the web pager reaches it by keyset: `before` is the last id of the page before it
  const pageBefore = (await (
    await fetch(
      `${base}/api/complaints/admin/all?hostelNo=5&status=Resolved&pageSize=20&page=${deepPage - 1}`,
      { headers: auth('admin') },
    )
  ).json()) as { data: { id: number }[] };
  const deepBefore = pageBefore.data.at(-1)?.id;
  if (deepBefore === undefined) throw new Error('the filter matched too few complaints for a deep page');
  // a keyset inside the overdue list: the last one of its 39th page of 20
  const overduePage = (await (
    await fetch(`${base}/api/complaints/admin/all?overdue=true&pageSize=20&page=39`, {
      headers: auth('admin'),
    })
  ).json()) as { data: { id: number }[] };
  const overdueBefore = overduePage.data.at(-1)?.id ?? 1;
  // the report's longest period, ending today in TIME_ZONE (the generator's data covers it)
  const reportTo = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const reportFrom = new Date(Date.parse(reportTo) - 365 * 86_400_000).toISOString().slice(0, 10);
  const scenarios: {
    name: string;
    url: string;
    method?: string;
    headers: Record<string, string>;
    body?: string;
    /** signed-in users whose bearer tokens the requests take in turn */
    tokens?: string[];
    /** with tokens: each token's own path (its own complaint) */
    paths?: string[];
  }[] = [
    // Not one of the issue's scenarios: the app's own floor. The route reads no database and no
    // session, so its ratio is what Fastify, the hooks and the second worker leave of the ceiling
    // on this machine, the most any scenario below could reach.
    {
      name: 'GET /api/config (reference: no database, no session)',
      url: '/api/config',
      headers: {},
    },
    {
      name: 'GET complaint by token (student)',
      url: `/api/complaints/${g.sampleToken}`,
      headers: auth('student'),
    },
    {
      name: 'GET authority list p1 (warden)',
      url: '/api/complaints/authority?page=1',
      headers: auth('warden'),
    },
    {
      // CONTRACT 7.5: the complaints assigned to the warden (2% of all, generate.ts), any hostel's
      name: 'GET authority list p1 assignee=me (warden)',
      url: '/api/complaints/authority?page=1&assignee=me',
      headers: auth('warden'),
    },
    {
      name: 'GET admin filtered p1',
      url: '/api/complaints/admin/all?hostelNo=5&status=Resolved&page=1',
      headers: auth('admin'),
    },
    {
      name: `GET admin filtered p${deepPage}`,
      url: `/api/complaints/admin/all?hostelNo=5&status=Resolved&page=${deepPage}`,
      headers: auth('admin'),
    },
    {
      name: `GET admin filtered p${deepPage} by keyset`,
      url: `/api/complaints/admin/all?hostelNo=5&status=Resolved&page=${deepPage}&before=${deepBefore}`,
      headers: auth('admin'),
    },
    { name: 'GET admin stats', url: '/api/complaints/admin/stats', headers: auth('admin') },
    // issue 21: a complaint's page with its conversation (six messages, two photos), by both sides
    {
      name: 'GET complaint with messages and photos (student)',
      url: `/api/complaints/${g.conversationToken}`,
      headers: auth('owner'),
    },
    {
      name: 'GET complaint with messages and photos (authority)',
      url: `/api/complaints/${g.conversationToken}`,
      headers: auth('authority'),
    },
    {
      name: 'GET photo thumbnail (student)',
      url: `/api/attachments/${g.photoId}/thumb`,
      headers: auth('owner'),
    },
    // issue 18: overdue lists (their stats count the overdue too) and the report over 366 days
    {
      name: 'GET authority list p1 overdue (warden)',
      url: '/api/complaints/authority?page=1&overdue=true',
      headers: auth('warden'),
    },
    {
      name: 'GET admin list p1 overdue',
      url: '/api/complaints/admin/all?page=1&overdue=true',
      headers: auth('admin'),
    },
    // issue 33 (CONTRACT 6.6): the overdue list's deeper pages by keyset, most overdue first, and the
    // admin list over a year of filing days (its count from the rollup, as the report's)
    {
      name: 'GET admin list overdue by keyset',
      url: `/api/complaints/admin/all?page=40&overdue=true&before=${overdueBefore}`,
      headers: auth('admin'),
    },
    {
      name: 'GET admin list 366 days, hostel 5 p1',
      url: `/api/complaints/admin/all?from=${reportFrom}&to=${reportTo}&hostelNo=5&page=1`,
      headers: auth('admin'),
    },
    {
      name: 'GET report 366 days',
      url: `/api/complaints/admin/report?from=${reportFrom}&to=${reportTo}`,
      headers: auth('admin'),
    },
    {
      name: 'GET report 366 days, hostel 5',
      url: `/api/complaints/admin/report?from=${reportFrom}&to=${reportTo}&hostelNo=5`,
      headers: auth('admin'),
    },
    // issue 35: search (q), newest first, first page, with its count
    {
      name: 'GET search two words (admin)',
      url: `/api/complaints/admin/all?q=${encodeURIComponent(TWO_WORDS)}`,
      headers: auth('admin'),
    },
    {
      name: 'GET search two words (warden)',
      url: `/api/complaints/authority?q=${encodeURIComponent(TWO_WORDS)}`,
      headers: auth('warden'),
    },
    {
      name: 'GET search token (admin)',
      url: `/api/complaints/admin/all?q=${g.sampleToken}`,
      headers: auth('admin'),
    },
    {
      name: 'GET search roll number (admin)',
      url: `/api/complaints/admin/all?q=${encodeURIComponent(g.sampleRoll)}`,
      headers: auth('admin'),
    },
    {
      name: 'GET search room number (warden)',
      url: `/api/complaints/authority?q=${encodeURIComponent(g.sampleRoom || '101')}`,
      headers: auth('warden'),
    },
    {
      name: 'GET search very common word (admin)',
      url: `/api/complaints/admin/all?q=${COMMON_WORD}`,
      headers: auth('admin'),
    },
    {
      name: 'GET search very common word (warden)',
      url: `/api/complaints/authority?q=${COMMON_WORD}`,
      headers: auth('warden'),
    },
    { name: 'GET notifications/5', url: '/api/notifications/5', headers: {} },
    // issue 34 (CONTRACT 6.1): the filing form's open incidents, and the warden's grouping
    {
      name: INCIDENTS_OPEN,
      url: '/api/incidents/open?type=Hostel&hostelNo=5&subType=Plumbing',
      headers: auth('student'),
    },
    { name: 'GET incident groups (warden)', url: '/api/incidents/groups', headers: auth('warden') },
    // issue 52 (CONTRACT 7.2, 7.4): a committee's first page (newest first, with its count), its
    // overdue filter (the longest overdue first) and the grievance report over 366 days; only when
    // grievances were generated
    ...(sgrcToken
      ? [
          {
            name: GRIEVANCE_LIST,
            url: '/api/grievances?page=1',
            headers: { authorization: `Bearer ${sgrcToken}` },
          },
          {
            name: GRIEVANCE_OVERDUE,
            url: '/api/grievances?overdue=true&page=1',
            headers: { authorization: `Bearer ${sgrcToken}` },
          },
          {
            name: GRIEVANCE_REPORT,
            url: `/api/admin/grievances/report?from=${reportFrom}&to=${reportTo}`,
            headers: auth('admin'),
          },
        ]
      : []),
    {
      // one student signing in again and again from one address: each success gives its try back
      name: 'POST student-login (right password)',
      url: '/api/auth/student-login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: loginEmail, password: BENCH_PASSWORD }),
    },
    {
      // one student may file 20 complaints a day: each request is another student's
      name: 'POST complaint (student)',
      url: '/api/complaints',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      tokens: filers,
      body: JSON.stringify({
        type: 'Hostel',
        hostelNo: 5,
        roomNo: '101',
        subType: 'Fan',
        description: 'The fan is not working.',
      }),
    },
    {
      // 30 messages an hour per user: each request is another student's, on their own complaint
      name: POST_MESSAGE,
      url: `/api/complaints/${posters[0]?.complaintId ?? 0}/messages`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      tokens: posters.map((p) => p.token),
      paths: posters.map((p) => `/api/complaints/${p.complaintId}/messages`),
      body: JSON.stringify({ body: 'Any news? It is still not working.' }),
    },
  ];
  const rows: Row[] = [];
  const chosen = scenarios.filter((x) => !only || only.test(x.name));
  // issue 21: each read's statements, for pgbench to replay without the app (the reference reads none)
  const readStatements = databaseUrl
    ? await captureStatements(
        databaseUrl,
        dataDir,
        chosen.filter((x) => !x.method && !x.tokens && x.url !== '/api/config'),
      )
    : new Map();
  for (const scenario of chosen) {
    const s: typeof scenario & { next?: () => Turn } = scenario.tokens
      ? { ...scenario, next: rotation(scenario.tokens, scenario.paths) }
      : scenario;
    const send = () => {
      const turn = s.next?.();
      return fetch(base + (turn?.path ?? s.url), {
        method: s.method ?? 'GET',
        headers: turn ? { ...s.headers, authorization: `Bearer ${turn.token}` } : s.headers,
        body: s.body,
      });
    };
    const sample = await send();
    if (!sample.ok) console.log(`  ${s.name}: the sample request answered ${sample.status}`);
    const bytes = (await sample.arrayBuffer()).byteLength;
    // the statements of a request on its own, without others to share a transaction with
    const aloneBefore = await statements.settled();
    for (let i = 0; i < ALONE_REQUESTS; i++) await (await send()).arrayBuffer();
    // settled: a message's mails are delivered just after its response
    const statementsPerRequestAlone =
      statements.between(aloneBefore, await statements.settled()) / ALONE_REQUESTS;
    const ceilingServer = await startCeiling(bytes);
    await load(base + s.url, s, warmup);
    // The app and its ceiling take turns, half the scenario's time each twice, app-ceiling-
    // ceiling-app, so that a slow spell of the machine (the ceiling alone moved by a third between
    // scenarios) or a steady drift weighs on both sides of the ratio alike. Each side's req/s is
    // the mean of its halves; p50 and p99 are over every 2xx response of both halves.
    const appHalves: Awaited<ReturnType<typeof load>>[] = [];
    const ceilingHalves: Awaited<ReturnType<typeof load>>[] = [];
    // statements are read around the app's halves only: the ceiling's do not touch the server
    let statementsSent = 0;
    // CPU is read around the loads only, each side's over its own halves
    const appCpu: CpuUse[] = [];
    const ceilingCpu: CpuUse[] = [];
    const appHalf = async () => {
      const before = await statements.settled();
      const cpu = cpuWindow(() => serverProcesses(server.pid!), { postgres: Boolean(databaseUrl) });
      const half = await load(base + s.url, s, duration / 2);
      appCpu.push(cpu.stop());
      statementsSent += statements.between(before, await statements.settled());
      return half;
    };
    const ceilingHalf = async (opts: Parameters<typeof load>[1]) => {
      const cpu = cpuWindow(() => [ceilingServer.pid]);
      const half = await load(ceilingServer.url, opts, duration / 2);
      ceilingCpu.push(cpu.stop());
      return half;
    };
    appHalves.push(await appHalf());
    // built request by request too when the app's are (the ceiling ignores the token and path)
    const tokens = scenario.tokens ? rotation(scenario.tokens) : null;
    const ceilingOpts = tokens ? { next: () => ({ token: tokens().token }) } : {};
    ceilingHalves.push(await ceilingHalf(ceilingOpts));
    ceilingHalves.push(await ceilingHalf(ceilingOpts));
    appHalves.push(await appHalf());
    await ceilingServer.stop();
    const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
    const r = {
      rps: mean(appHalves.map((h) => h.rps)),
      p50: quantile(
        appHalves.flatMap((h) => h.latencies),
        0.5,
      ),
      p99: quantile(
        appHalves.flatMap((h) => h.latencies),
        0.99,
      ),
      non2xx: appHalves.reduce((sum, h) => sum + h.non2xx, 0),
      requests: appHalves.reduce((sum, h) => sum + h.requests, 0),
      sent: appHalves.reduce((sum, h) => sum + h.sent, 0),
    };
    // per request sent, not per response: the ten left in flight at the end of each half run
    // their statements too (settled waits for them), and per response the report at 88 req/s read
    // 20.05 statements instead of its 18
    const statementsPerRequest = statementsSent / r.sent;
    const perRequest = (use: CpuUse, requests: number): CpuUse => ({
      server: use.server / requests,
      postgres: use.postgres / requests,
      load: use.load / requests,
      busy: use.busy,
    });
    const cpu = perRequest(addCpu(appCpu), r.sent);
    const ceilingSent = ceilingHalves.reduce((sum, h) => sum + h.sent, 0);
    const ceilingRps = mean(ceilingHalves.map((h) => h.rps));
    const replayed = readStatements.get(s.name);
    const postgresAlone =
      databaseUrl && replayed ? await replayAlone(databaseUrl, replayed, duration, CONNECTIONS) : undefined;
    // kept in the JSON: how much of the app's tail is the machine's own (the ceiling does no work)
    const ceilingP99 = quantile(
      ceilingHalves.flatMap((h) => h.latencies),
      0.99,
    );
    rows.push({
      scenario: s.name,
      ...r,
      statementsPerRequest,
      statementsPerRequestAlone,
      ceilingRps,
      ceilingP99,
      ratio: r.rps / ceilingRps,
      bytes,
      ...(postgresAlone ? { postgresAlone } : {}),
      cpu,
      ceilingCpu: perRequest(addCpu(ceilingCpu), ceilingSent),
      cpuBound: (os.availableParallelism() * 1000) / (cpu.server + cpu.postgres + cpu.load),
    });
    console.log(
      `  ${s.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ratio ${(r.rps / ceilingRps).toFixed(2)}, statements/request ${statementsPerRequest.toFixed(2)} (alone ${statementsPerRequestAlone.toFixed(2)}), CPU ms/request app ${cpu.server.toFixed(3)} PostgreSQL ${cpu.postgres.toFixed(3)} load ${cpu.load.toFixed(3)} (machine ${(100 * cpu.busy).toFixed(0)}% busy)${postgresAlone ? `; PostgreSQL alone ${postgresAlone.rps.toFixed(0)} req/s, p99 ${postgresAlone.p99} ms` : ''}`,
    );
  }
  const exported =
    !only || only.test(EXPORT_SCENARIO)
      ? await measureExport(
          base,
          auth('admin'),
          `${base}/api/complaints/${g.sampleToken}`,
          auth('student'),
          server.pid!,
          async (work) => {
            const before = await statements.settled();
            await work();
            return statements.between(before, await statements.settled());
          },
        )
      : null;
  if (exported)
    console.log(
      `  ${EXPORT_SCENARIO}: ${exported.rows.toLocaleString('en')} rows in ${exported.seconds.toFixed(1)} s, peak ${exported.peakMemoryMb.toFixed(0)} MB; token lookup beside it p50 ${exported.sideP50} ms, p99 ${exported.sideP99} ms (${exported.sideRequests} requests); ${exported.statements} statements, the lookups' included`,
    );
  const openWhileFiling =
    !only || only.test(OPEN_WHILE_FILING)
      ? {
          ...(await measureOpenWhileFiling(base, auth('student'), filers, duration)),
          reference: await measureOpenWhileFiling(base, auth('student'), filers, duration, REFERENCE_PATH),
        }
      : null;
  if (openWhileFiling) console.log(`  ${openWhileFilingLine(openWhileFiling)}`);
  const incidentUpdate =
    !only || only.test(INCIDENT_UPDATE)
      ? await measureIncidentUpdate(base, auth('warden'), bigIncident)
      : null;
  if (incidentUpdate)
    console.log(
      `  ${INCIDENT_UPDATE}: p50 ${incidentUpdate.p50.toFixed(0)} ms, max ${incidentUpdate.max.toFixed(0)} ms over ${incidentUpdate.requests} requests`,
    );
  const memory = memoryWatch.stop();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    complaints: n,
    grievances: g.grievances?.grievances ?? 0,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    workers,
    generateSeconds: g.seconds,
    peakMemoryMb: memory,
    rows,
    exported,
    incidentUpdate,
    openWhileFiling,
  };
}

const INCIDENTS_OPEN = 'GET incidents open at filing (student)';
const INCIDENT_UPDATE = 'PUT incident with 500 linked complaints (warden)';
const OPEN_WHILE_FILING = 'GET incidents open while students file (2 readers, 2 filers)';

type WhileFiling = Awaited<ReturnType<typeof measureOpenWhileFiling>>;
/** The scenario and its reference (GET /api/config beside the same filings), as one line. */
function openWhileFilingLine(r: WhileFiling & { reference: WhileFiling }) {
  const side = (x: WhileFiling) =>
    `${x.reads} reads in ${x.seconds} s, p50 ${x.p50} ms, p99 ${x.p99} ms, ${x.filed} complaints filed beside them (${x.refused} refused)`;
  return `${OPEN_WHILE_FILING}: ${side(r)}; reference ${REFERENCE_PATH} (no database, no session) beside the same filings: ${side(r.reference)}; p99 over the reference's ${(r.p99 / r.reference.p99).toFixed(2)}`;
}

const EXPORT_SCENARIO = 'GET export.csv of every complaint (admin)';
const POST_MESSAGE = 'POST message (student)';
/** Requests sent one after another, for the statements a request costs on its own. */
const ALONE_REQUESTS = 10;

/**
 * Issue 18: the CSV export of every complaint, read to the end as a browser would save it, while
 * two clients look up a complaint by token one request after another: how long the export takes,
 * the server's peak memory meanwhile, and what it does to other requests' latency.
 */
async function measureExport(
  base: string,
  adminHeaders: Record<string, string>,
  sideUrl: string,
  sideHeaders: Record<string, string>,
  pid: number,
  countStatements: (work: () => Promise<void>) => Promise<number>,
) {
  const memory = watchMemory(pid);
  let done = false;
  const side: number[] = [];
  const lookups = async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(sideUrl, { headers: sideHeaders });
      await res.arrayBuffer();
      if (res.ok) side.push(performance.now() - t0);
    }
  };
  let lines = 0;
  let bytes = 0;
  let seconds = 0;
  const statements = await countStatements(async () => {
    const t0 = performance.now();
    const sideLoad = [lookups(), lookups()];
    const res = await fetch(`${base}/api/complaints/admin/export.csv`, { headers: adminHeaders });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    seconds = (performance.now() - t0) / 1000;
    done = true;
    await Promise.all(sideLoad);
  });
  return {
    rows: lines - 1,
    bytes,
    seconds,
    statements,
    peakMemoryMb: memory.stop(),
    sideRequests: side.length,
    sideP50: quantile(side, 0.5),
    sideP99: quantile(side, 0.99),
  };
}

function table(result: Awaited<ReturnType<typeof runSize>>) {
  const pg = result.dialect === 'postgres';
  const alone = (r: Row) =>
    !pg ? '' : r.postgresAlone ? ` ${r.postgresAlone.rps.toFixed(0)} | ${r.postgresAlone.p99} |` : ' | |';
  const lines = [
    `| scenario | req/s | statements/request | alone | p50 ms | p99 ms | non-2xx | ceiling req/s | ratio |${pg ? ' PostgreSQL alone req/s | its p99 ms |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|${pg ? '---:|---:|' : ''}`,
    ...result.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.statementsPerRequest.toFixed(2)} | ${r.statementsPerRequestAlone.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.ceilingRps.toFixed(0)} | ${r.ratio.toFixed(2)} |${alone(r)}`,
    ),
  ];
  const ms = (x: number) => x.toFixed(3);
  const cpu = [
    `| scenario | app | ${pg ? 'PostgreSQL | ' : ''}load generator | all | req/s the cores allow | req/s measured | machine busy | ceiling: server | its load generator | all |`,
    `|---|---:|${pg ? '---:|' : ''}---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...result.rows.map(
      (r) =>
        `| ${r.scenario} | ${ms(r.cpu.server)} |${pg ? ` ${ms(r.cpu.postgres)} |` : ''} ${ms(r.cpu.load)} | ${ms(r.cpu.server + r.cpu.postgres + r.cpu.load)} | ${r.cpuBound.toFixed(0)} | ${r.rps.toFixed(0)} | ${(100 * r.cpu.busy).toFixed(0)}% | ${ms(r.ceilingCpu.server)} | ${ms(r.ceilingCpu.load)} | ${ms(r.ceilingCpu.server + r.ceilingCpu.load)} |`,
    ),
  ];
  return `${lines.join('\n')}\n\nCPU ms per request sent, by side (the machine's ${os.availableParallelism()} cores):\n\n${cpu.join('\n')}`;
}

const results = [];
for (const n of sizes) results.push(await runSize(n));
console.log('');
for (const r of results) {
  console.log(
    `### ${r.complaints.toLocaleString('en')} complaints${r.grievances > 0 ? ` and ${r.grievances.toLocaleString('en')} grievances` : ''}, ${r.dialect} (generated in ${r.generateSeconds.toFixed(1)} s); server: ${r.workers} worker process(es), peak memory ${r.peakMemoryMb.toFixed(0)} MB (PSS, all processes)\n`,
  );
  console.log(table(r));
  console.log(
    `\nstatements/request: db_statements_total summed over the workers across the app's two halves, less the metrics scrapes' own, divided by the requests sent (each half's count taken once the server had gone quiet, so the mails a request queued and the requests left in flight are in; background jobs, such as the mail sender's idle poll, too); alone: ${ALONE_REQUESTS} requests one after another`,
  );
  if (r.openWhileFiling) console.log(`\n${openWhileFilingLine(r.openWhileFiling)}`);
  if (r.incidentUpdate)
    console.log(
      `\n${INCIDENT_UPDATE}: p50 ${r.incidentUpdate.p50.toFixed(0)} ms, max ${r.incidentUpdate.max.toFixed(0)} ms (${r.incidentUpdate.requests} requests one at a time; 500 history entries and 500 mails queued each)`,
    );
  if (r.exported)
    console.log(
      `\n${EXPORT_SCENARIO}: ${r.exported.rows.toLocaleString('en')} rows (${(r.exported.bytes / 2 ** 20).toFixed(0)} MB) in ${r.exported.seconds.toFixed(1)} s; server peak memory meanwhile ${r.exported.peakMemoryMb.toFixed(0)} MB; token lookups beside it (2 clients): ${r.exported.sideRequests}, p50 ${r.exported.sideP50} ms, p99 ${r.exported.sideP99} ms; ${r.exported.statements} database statements, the lookups' included`,
    );
  console.log('');
}
if (results.length >= 2) {
  const small = results[0]!;
  const big = results.at(-1)!;
  console.log(`p99 ratio ${big.complaints.toLocaleString('en')} / ${small.complaints.toLocaleString('en')}:`);
  // scenario by scenario in order: the deep page at one size against the deep page at the other
  // (their page numbers differ), not against the first page, whose name differs only in its number
  big.rows.forEach((row, i) => {
    const base = small.rows[i];
    if (base)
      console.log(
        `  ${row.scenario} / ${base.scenario}: ${base.p99 > 0 ? (row.p99 / base.p99).toFixed(2) : 'n/a'}`,
      );
  });
}
// issue 36: 1,000 events' pushes drained to the test push service, on SQLite (in this process)
const PUSH_DRAIN = 'push drain: 1,000 events to the test push service';
const pushDrain =
  results[0]?.dialect === 'sqlite' && (!only || only.test(PUSH_DRAIN)) ? await drainPushes(1000) : undefined;
if (pushDrain)
  console.log(
    `\n${PUSH_DRAIN}: ${pushDrain.pushes} pushes, signed and encrypted, in ${pushDrain.drainSeconds.toFixed(2)} s (${pushDrain.pushesPerSecond.toFixed(0)} a second)`,
  );
const outDir = path.resolve(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
const file = path.join(
  outDir,
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${results[0]?.dialect}.json`,
);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      duration,
      results,
      pushDrain,
    },
    null,
    2,
  ),
);
console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
