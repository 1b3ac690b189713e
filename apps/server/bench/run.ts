// `npm run bench`: load benchmark with a ceiling measured in the same run.
//   npm run bench                       10,000 and 1,000,000 complaints on SQLite (or DATABASE_URL)
//   npm run bench -- --complaints 50000 one dataset only
//   npm run bench -- --sizes 10000,200000 --duration 5
//   npm run bench -- --workers 1        the server's process count (default: as `npm start`, one per CPU)
// It needs the built server (npm run build) and builds nothing itself.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deepestPage } from '@bit/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { COMPLAINTS_PER_DAY } from '../src/services/complaints';
import { type BenchUser, generate, signInBenchUsers, signInFilers } from './generate';

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
if (!fs.existsSync(serverEntry)) {
  console.error('The server is not built. Run `npm run build` first (the benchmark builds nothing itself).');
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  ceilingRps: number;
  ceilingP99: number;
  ratio: number;
  bytes: number;
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
  opts: { method?: string; headers?: Record<string, string>; body?: string; nextToken?: () => string },
  seconds: number,
) {
  const latencies: number[] = [];
  const { nextToken } = opts;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 10,
        duration: seconds,
        method: (opts.method ?? 'GET') as 'GET',
        headers: opts.headers,
        body: opts.body,
        // a bearer token per request, taken in turn from a pool (the filing scenario)
        ...(nextToken
          ? {
              requests: [
                {
                  setupRequest: (req: autocannon.Request) => ({
                    ...req,
                    headers: { ...req.headers, authorization: `Bearer ${nextToken()}` },
                  }),
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
  };
}

/** The q-quantile (0..1) of latencies in ms, to 0.01 ms (nearest-rank). */
function quantile(latencies: number[], q: number): number {
  if (latencies.length === 0) return Number.NaN;
  const sorted = Float64Array.from(latencies).sort();
  const ms = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return Math.round(ms * 100) / 100;
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

/** Hands out the tokens in turn, each as rarely as the pool allows. */
function rotation(tokens: string[]) {
  let i = 0;
  return () => tokens[i++ % tokens.length]!;
}

/** The server's processes: the supervisor and, with several workers, its children. */
function serverProcesses(pid: number): number[] {
  const children = fs.readdirSync('/proc').filter((d) => {
    if (!/^\d+$/.test(d)) return false;
    try {
      // field 4 of /proc/<pid>/stat is the parent pid (after the parenthesised command name)
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
  return [pid, ...children.map(Number)];
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
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database.db, database.dialect);
  console.log(`\nGenerating ${n.toLocaleString('en')} complaints on ${database.dialect}…`);
  const g = await generate(database.db, n, console.log, database.dialect);
  console.log(`  done in ${g.seconds.toFixed(1)} s`);
  const tokens = await signInBenchUsers(database.db, g);
  const filers = await signInFilers(database.db, filersNeeded());
  await database.close();

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [serverEntry, 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      WORKERS: String(workers),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 150) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  // every worker up (a supervisor with its children), not just the first to answer
  while (workers > 1 && serverProcesses(server.pid!).length < workers + 1)
    await new Promise((r) => setTimeout(r, 100));
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
  }[] = [
    // Not one of the scenarios: the app's own floor. The route reads no database and no
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
    { name: 'GET notifications/5', url: '/api/notifications/5', headers: {} },
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
  ];
  const rows: Row[] = [];
  for (const scenario of scenarios.filter((x) => !only || only.test(x.name))) {
    const s: typeof scenario & { nextToken?: () => string } = scenario.tokens
      ? { ...scenario, nextToken: rotation(scenario.tokens) }
      : scenario;
    const sample = await fetch(base + s.url, {
      method: s.method ?? 'GET',
      headers: s.nextToken ? { ...s.headers, authorization: `Bearer ${s.nextToken()}` } : s.headers,
      body: s.body,
    });
    const bytes = (await sample.arrayBuffer()).byteLength;
    const ceilingServer = await startCeiling(bytes);
    await load(base + s.url, s, warmup);
    // The app and its ceiling take turns, half the scenario's time each twice, app-ceiling-
    // ceiling-app, so that a slow spell of the machine (the ceiling alone moved by a third between
    // scenarios) or a steady drift weighs on both sides of the ratio alike. Each side's req/s is
    // the mean of its halves; p50 and p99 are over every 2xx response of both halves.
    const appHalves: Awaited<ReturnType<typeof load>>[] = [];
    const ceilingHalves: Awaited<ReturnType<typeof load>>[] = [];
    appHalves.push(await load(base + s.url, s, duration / 2));
    // built request by request too when the app's are (the ceiling ignores the token)
    const ceilingOpts = scenario.tokens ? { nextToken: rotation(scenario.tokens) } : {};
    ceilingHalves.push(await load(ceilingServer.url, ceilingOpts, duration / 2));
    ceilingHalves.push(await load(ceilingServer.url, ceilingOpts, duration / 2));
    appHalves.push(await load(base + s.url, s, duration / 2));
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
    };
    const ceilingRps = mean(ceilingHalves.map((h) => h.rps));
    // kept in the JSON: how much of the app's tail is the machine's own (the ceiling does no work)
    const ceilingP99 = quantile(
      ceilingHalves.flatMap((h) => h.latencies),
      0.99,
    );
    rows.push({ scenario: s.name, ...r, ceilingRps, ceilingP99, ratio: r.rps / ceilingRps, bytes });
    console.log(
      `  ${s.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ratio ${(r.rps / ceilingRps).toFixed(2)}`,
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
        )
      : null;
  if (exported)
    console.log(
      `  ${EXPORT_SCENARIO}: ${exported.rows.toLocaleString('en')} rows in ${exported.seconds.toFixed(1)} s, peak ${exported.peakMemoryMb.toFixed(0)} MB; token lookup beside it p50 ${exported.sideP50} ms, p99 ${exported.sideP99} ms (${exported.sideRequests} requests)`,
    );
  const memory = memoryWatch.stop();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    complaints: n,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    workers,
    generateSeconds: g.seconds,
    peakMemoryMb: memory,
    rows,
    exported,
  };
}

const EXPORT_SCENARIO = 'GET export.csv of every complaint (admin)';

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
  const t0 = performance.now();
  const sideLoad = [lookups(), lookups()];
  const res = await fetch(`${base}/api/complaints/admin/export.csv`, { headers: adminHeaders });
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  done = true;
  await Promise.all(sideLoad);
  return {
    rows: lines - 1,
    bytes,
    seconds,
    peakMemoryMb: memory.stop(),
    sideRequests: side.length,
    sideP50: quantile(side, 0.5),
    sideP99: quantile(side, 0.99),
  };
}

function table(result: Awaited<ReturnType<typeof runSize>>) {
  const lines = [
    `| scenario | req/s | p50 ms | p99 ms | non-2xx | ceiling req/s | ratio |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...result.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.ceilingRps.toFixed(0)} | ${r.ratio.toFixed(2)} |`,
    ),
  ];
  return lines.join('\n');
}

const results = [];
for (const n of sizes) results.push(await runSize(n));
console.log('');
for (const r of results) {
  console.log(
    `### ${r.complaints.toLocaleString('en')} complaints, ${r.dialect} (generated in ${r.generateSeconds.toFixed(1)} s); server: ${r.workers} worker process(es), peak memory ${r.peakMemoryMb.toFixed(0)} MB (PSS, all processes)\n`,
  );
  console.log(table(r));
  if (r.exported)
    console.log(
      `\n${EXPORT_SCENARIO}: ${r.exported.rows.toLocaleString('en')} rows (${(r.exported.bytes / 2 ** 20).toFixed(0)} MB) in ${r.exported.seconds.toFixed(1)} s; server peak memory meanwhile ${r.exported.peakMemoryMb.toFixed(0)} MB; token lookups beside it (2 clients): ${r.exported.sideRequests}, p50 ${r.exported.sideP50} ms, p99 ${r.exported.sideP99} ms`,
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
    },
    null,
    2,
  ),
);
console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
