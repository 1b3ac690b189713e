// `npm run bench:interleaved -- --against <checkout>`: this checkout's server beside another build of
// the app (the first release, for issue 32's Build 6), loaded in turn on the same machine, so that the
// machine's drift (a third of its speed within minutes on some days) weighs on both alike. Each server
// runs on its own build's generator's data (10,000 complaints, SQLite, 2 workers, METRICS_TOKEN set as
// in `npm run bench`); each scenario loads one server for --seconds, then the other, the order reversed
// every cycle, for --cycles cycles, after one unmeasured load of each; the server's CPU (its processes,
// from /proc) is read around each load. It prints the medians of each build and of the per-cycle
// ratios. Both checkouts must be built:
//   git worktree add /tmp/first 990d960 && (cd /tmp/first && npm ci && npm run build)
//   npm run build && npm run bench:interleaved -- --against /tmp/first
// Filing a complaint (issue 52) takes its students in turn, as `npm run bench` does.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuWindow, serverProcesses } from './cpu';
import { startServer } from './server';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    cycles: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
if (!values.against) throw new Error('--against <a built checkout of the app> is required');
const cycles = Number(values.cycles);
const seconds = Number(values.seconds);
const only = values.only ? new RegExp(values.only) : null;

const here = path.dirname(fileURLToPath(import.meta.url));
const builds = [
  { name: 'this', serverDir: path.resolve(here, '..') },
  { name: 'other', serverDir: path.resolve(values.against, 'apps/server') },
];
for (const b of builds)
  if (!fs.existsSync(path.join(b.serverDir, 'dist/cli.js')))
    throw new Error(`${b.serverDir}/dist/cli.js is missing: build that checkout first`);

/** Each build's data, made by that build's own generator in a process of its own (its own modules). */
const GENERATE = `
import fs from 'node:fs';
import path from 'node:path';
const [serverDir, dataDir] = process.argv.slice(2);
const { openDatabase } = await import(path.join(serverDir, 'src/db/database.ts'));
const { migrateToLatest } = await import(path.join(serverDir, 'src/db/migrate.ts'));
const { generate, signInBenchUsers, signInFilers } = await import(path.join(serverDir, 'bench/generate.ts'));
const database = openDatabase({ dataDir });
await migrateToLatest(database.db, database.dialect);
const g = await generate(database.db, 10000, () => {}, database.dialect);
const tokens = await signInBenchUsers(database.db, g);
// issue 52: students for the filing scenario, each filing at most 20 a day (a build without them: none)
const filers = signInFilers ? await signInFilers(database.db, Number(process.argv[4])) : [];
await database.close();
fs.writeFileSync(path.join(dataDir, 'bench.json'), JSON.stringify({ tokens, sampleToken: g.sampleToken, filers }));
`;

interface Running {
  name: string;
  base: string;
  server: ChildProcess;
  tokens: Record<string, string>;
  sampleToken: string;
  /** the filing scenario's students' tokens, taken in turn */
  filers: string[];
  dataDir: string;
}

async function start(build: (typeof builds)[number]): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bitc-interleaved-${build.name}-`));
  const script = path.join(dataDir, 'generate.mts');
  fs.writeFileSync(script, GENERATE);
  execFileSync('npx', ['tsx', script, build.serverDir, dataDir, String(FILERS)], {
    cwd: build.serverDir,
    stdio: 'inherit',
  });
  const { tokens, sampleToken, filers } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'bench.json'), 'utf8'),
  );
  const { server, base } = await startServer({
    entry: path.join(build.serverDir, 'dist/cli.js'),
    dataDir,
    workers: 2,
    metricsToken: randomBytes(24).toString('hex'),
  });
  return { name: build.name, base, server, tokens, sampleToken, filers, dataDir };
}

/**
 * Issue 52: filing a complaint, each request another student's (20 a day each, CONTRACT 5.9): enough
 * students that at 2,000 filings a second through every load of a build (the unmeasured one and the
 * cycles) none files more than 10.
 */
const FILERS = Math.ceil(((cycles + 1) * seconds * 2_000) / 10);
const FILING = 'POST complaint (student)';
const FILING_BODY = JSON.stringify({
  type: 'Hostel',
  hostelNo: 5,
  roomNo: '101',
  subType: 'Fan',
  description: 'The fan is not working.',
});

/** Issue 32's Build 6 reads, as `npm run bench` names and asks them. */
const scenarios = (r: Running) =>
  [
    ['GET /api/config (reference)', '/api/config', undefined],
    ['GET complaint by token (student)', `/api/complaints/${r.sampleToken}`, r.tokens.student],
    ['GET authority list p1 (warden)', '/api/complaints/authority?page=1', r.tokens.warden],
    ['GET admin filtered p1', '/api/complaints/admin/all?hostelNo=5&status=Resolved&page=1', r.tokens.admin],
    ['GET admin stats', '/api/complaints/admin/stats', r.tokens.admin],
    ['GET notifications/5', '/api/notifications/5', undefined],
    // issue 52: filing, against the build before the grievances (the token: each request a filer's)
    [FILING, '/api/complaints', undefined],
  ] as const;

/** Hands out a build's filers' tokens in turn, across its loads. */
const turns = new Map<string, number>();
const load = (url: string, token: string | undefined, filing?: Running) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 10,
        duration: seconds,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(filing
          ? {
              method: 'POST' as const,
              body: FILING_BODY,
              requests: [
                {
                  setupRequest: (req: autocannon.Request) => {
                    const k = turns.get(filing.name) ?? 0;
                    turns.set(filing.name, k + 1);
                    const filer = filing.filers[k % filing.filers.length]!;
                    return {
                      ...req,
                      headers: {
                        ...req.headers,
                        'content-type': 'application/json',
                        authorization: `Bearer ${filer}`,
                      },
                    };
                  },
                },
              ],
            }
          : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const running: Running[] = [];
try {
  for (const b of builds) running.push(await start(b));
  const mine = running[0]!;
  console.log(
    `\n${cycles} cycles of ${seconds} s per build and scenario, 10 connections; this: ${builds[0]!.serverDir}, other: ${builds[1]!.serverDir}\n`,
  );
  console.log(
    '| scenario | this req/s | other req/s | this / other req/s | this CPU ms a request | other | this / other CPU |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const names = scenarios(mine).map(([name]) => name);
  for (const [i, name] of names.entries()) {
    if (only && !only.test(name)) continue;
    const filing = name === FILING;
    if (filing && running.some((r) => r.filers.length === 0)) {
      console.log(`| ${name} | (a build without signInFilers: not measured) | | | | | |`);
      continue;
    }
    const seen = running.map(() => ({ rps: [] as number[], cpu: [] as number[] }));
    // each server's code for this route warmed (JIT) before anything is measured
    for (const r of running) {
      const [, url, token] = scenarios(r)[i]!;
      await load(`${r.base}${url}`, token, filing ? r : undefined);
    }
    for (let c = 0; c < cycles; c++) {
      const order = c % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const r = running[k]!;
        const [, url, token] = scenarios(r)[i]!;
        const window = cpuWindow(() => serverProcesses(r.server.pid!));
        const result = await load(`${r.base}${url}`, token, filing ? r : undefined);
        const cpu = window.stop().server;
        if (result.non2xx)
          throw new Error(`${r.name}: ${name} answered ${result.non2xx} times with other than 2xx`);
        seen[k]!.rps.push(result.requests.average);
        seen[k]!.cpu.push(cpu / result.requests.total);
      }
    }
    const [a, b] = seen as [(typeof seen)[number], (typeof seen)[number]];
    const ratio = (xs: number[], ys: number[]) => median(xs.map((x, c) => x / ys[c]!));
    console.log(
      `| ${name} | ${Math.round(median(a.rps))} | ${Math.round(median(b.rps))} | ${ratio(a.rps, b.rps).toFixed(2)} | ${median(a.cpu).toFixed(3)} | ${median(b.cpu).toFixed(3)} | ${ratio(a.cpu, b.cpu).toFixed(2)} |`,
    );
  }
  console.log(
    "\nmedians over the cycles; the ratios are medians of each cycle's ratio; CPU: the server's processes (/proc)",
  );
} finally {
  for (const r of running) {
    const exited = once(r.server, 'exit');
    r.server.kill('SIGTERM');
    await exited;
    fs.rmSync(r.dataDir, { recursive: true, force: true });
  }
}
