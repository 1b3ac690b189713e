// `npm run test:e2e`: builds the app, then runs the Playwright suite in Debian's Chromium against
// the real server, once on SQLite and once more on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
 * E2E_WORKERS=n runs each dialect's suites in n Playwright workers at once, each with a server, database
 * and SMTP sink of its own (e2e/support/global-setup.ts), the files shared out as workers become free.
 * The suite mostly waits (on the app's timers, its animations, the mail): alone it kept about half of
 * one core busy, so on two cores two or three workers share the machine without the tests slowing
 * (decision 0022, amended). Default 1; scripts/browser-checks.mjs sets it for `npm test`.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

const runPlaywright = (dialect) =>
  new Promise((resolve) => {
    // every suite on SQLite, decision 22's list on PostgreSQL; a filter replaces both
    const onPostgresList = dialect === 'postgres' && !process.env.E2E_POSTGRES_ALL && extra.length === 0;
    const suites = onPostgresList ? POSTGRES_SUITES : [];
    const args = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...suites, ...extra];
    console.log(
      `\n── browser tests on ${dialect}${suites.length ? ` (${suites.length} suites: decision 22)` : ''}${workers > 1 ? `, ${workers} workers` : ''} ──`,
    );
    const child = spawn('npx', args, {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_DIALECT: dialect,
        E2E_WORKERS: String(workers),
        CHROMIUM_PATH: chromium,
        CHROMIUM_HEADLESS_SHELL_PATH: shell,
      },
    });
    child.on('close', (code) => resolve(code ?? 1));
  });

let failed = 0;
for (const dialect of dialects) {
  const code = await runPlaywright(dialect);
  if (code !== 0) failed = code;
}
if (failed !== 0) {
  console.error('\nbrowser tests failed');
  process.exit(failed);
}
