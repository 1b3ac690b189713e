// `npm run test:e2e`: builds the app, then runs the Playwright suite in Debian's Chromium against
// the real server, once on SQLite and once more on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
// the push suite runs in the full browser, every other suite in its headless shell (decision 0029)
for (const [binary, pkg, variable] of [
  [chromium, 'chromium', 'CHROMIUM_PATH'],
  [shell, 'chromium-headless-shell', 'CHROMIUM_HEADLESS_SHELL_PATH'],
])
  if (!fs.existsSync(binary)) {
    console.error(
      `${pkg} was not found at ${binary}. Install Debian's package (apt-get install ${pkg}) or set ${variable}. The browser tests cannot run without it.`,
    );
    process.exit(1);
  }

const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!process.env.E2E_SKIP_BUILD) run('npm', ['run', 'build']);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// E2E_DIALECTS=sqlite or =postgres runs one of them (scripts/browser-checks.mjs runs them side by side)
const dialects = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])].filter(
  (d) => !process.env.E2E_DIALECTS || process.env.E2E_DIALECTS.split(',').includes(d),
);
const extra = process.argv.slice(2);
/**
 * On PostgreSQL the suites whose flows store and read what differs between the dialects (decision
 * 22): filing, the lists, updates, incidents (joins, one update for all), the conversation and photos, notices, feedback and approvals,
 * reports and the export, sessions, two-step sign-in and the device cookie's lock. The screens-only suites (accessibility, keyboard, phone,
 * forms, the shell, markup) run on SQLite; the API suite runs whole on both. Arguments given to
 * this script (a filter) replace the list.
 */
const POSTGRES_SUITES = [
  'assignment',
  'auth',
  'complaints',
  'confidential-grievances',
  'conversation',
  'desk-filing',
  'grievances',
  'incidents',
  'notices-feedback',
  'reports',
  'shared-computer',
  'two-factor',
].map((name) => `e2e/${name}.spec.ts`);
for (const suite of POSTGRES_SUITES)
  if (!fs.existsSync(path.join(root, 'apps/web', suite))) {
    console.error(`scripts/e2e.mjs: ${suite} does not exist; update POSTGRES_SUITES`);
    process.exit(1);
  }
/**
 * E2E_LANES=2 runs the suites in two lanes at once: each lane its own Playwright process with its own
 * server, database and SMTP sink (global-setup.ts), so they share nothing but the machine; lane k runs
 * its share of the SQLite suite, then its share of the PostgreSQL suites. It is not the default: on
 * this two-core machine two lanes took longer than one (issue 32: one lane's SQLite share 14.9 min
 * against 6.7 min for the whole suite in one lane; every test slower, a Chromium and a server each).
 * With a filter (a file, -g …) one lane runs it, on each dialect in turn.
 */
const lanes = extra.length === 0 ? Math.max(1, Number(process.env.E2E_LANES ?? 1)) : 1;

const ALL_SUITES = fs
  .readdirSync(path.join(root, 'apps/web/e2e'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => `e2e/${f}`);
/** Each dialect's suites split between the lanes: largest file first, to the lane with the fewest
 * bytes so far, SQLite's then PostgreSQL's on top (a file's size is a fair stand-in for its running
 * time; Playwright's --shard fills shards in file order by test count and gave one lane nearly all). */
const lanePlan = (() => {
  const load = Array(lanes).fill(0);
  const plan = {};
  for (const dialect of dialects) {
    const all = dialect === 'postgres' && !process.env.E2E_POSTGRES_ALL ? POSTGRES_SUITES : ALL_SUITES;
    plan[dialect] = Array.from({ length: lanes }, () => []);
    const sized = all.map((f) => ({ f, bytes: fs.statSync(path.join(root, 'apps/web', f)).size }));
    for (const { f, bytes } of sized.sort((a, b) => b.bytes - a.bytes)) {
      const lane = load.indexOf(Math.min(...load));
      plan[dialect][lane].push(f);
      load[lane] += bytes;
    }
  }
  return plan;
})();

const runPlaywright = (dialect, shard, prefix) =>
  new Promise((resolve) => {
    const suites = extra.length > 0 ? [] : lanePlan[dialect][shard - 1];
    if (lanes > 1 && suites.length === 0) return resolve(0);
    const args = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...suites, ...extra];
    freePort().then((port) => {
      const runName = lanes > 1 ? `${dialect}-${shard}` : dialect;
      console.log(
        `\n── ${prefix}browser tests on ${dialect}${suites.length ? ` (${suites.length} suites${dialect === 'postgres' ? ': decision 22' : ''})` : ''} ──`,
      );
      const child = spawn('npx', args, {
        cwd: root,
        stdio: lanes > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: {
          ...process.env,
          E2E_DIALECT: dialect,
          E2E_RUN_NAME: runName,
          E2E_PORT: String(port),
          CHROMIUM_PATH: chromium,
          CHROMIUM_HEADLESS_SHELL_PATH: shell,
        },
      });
      if (lanes > 1)
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream.on('data', (chunk) => {
            const lines = (rest + chunk).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) console.log(`${prefix}${line}`);
          });
          stream.on('end', () => rest && console.log(`${prefix}${rest}`));
        }
      child.on('close', (code) => resolve(code ?? 1));
    });
  });

const laneRuns = Array.from({ length: lanes }, async (_, i) => {
  const prefix = lanes > 1 ? `[lane ${i + 1}] ` : '';
  let failed = 0;
  for (const dialect of dialects) {
    const code = await runPlaywright(dialect, i + 1, prefix);
    if (code !== 0) failed = code;
  }
  return failed;
});
const codes = await Promise.all(laneRuns);
const failed = codes.find((c) => c !== 0);
if (failed !== undefined) {
  console.error(`\nbrowser tests failed (lane exit codes: ${codes.join(', ')})`);
  process.exit(failed);
}
