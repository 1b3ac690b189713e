// `npm run test:e2e`: builds the app, then runs the Playwright suite in Debian's Chromium against
// the real server, once on SQLite and once more on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH. The browser tests cannot run without it.`,
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

const dialects = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const extra = process.argv.slice(2);
/**
 * On PostgreSQL the suites whose flows store and read what differs between the dialects (decision
 * 22): filing, the lists, updates, incidents (joins, one update for all), the conversation and photos, notices, feedback and approvals,
 * reports and the export, sessions, two-step sign-in and the device cookie's lock. The screens-only suites (accessibility, keyboard, phone,
 * forms, the shell, markup) run on SQLite; the API suite runs whole on both. Arguments given to
 * this script (a filter) replace the list.
 */
const POSTGRES_SUITES = [
  'auth',
  'complaints',
  'conversation',
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
for (const dialect of dialects) {
  const suites =
    dialect === 'postgres' && extra.length === 0 && !process.env.E2E_POSTGRES_ALL ? POSTGRES_SUITES : [];
  console.log(
    `\n── browser tests on ${dialect}${suites.length ? ` (${suites.length} suites: decision 22)` : ''} ──`,
  );
  run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...suites, ...extra], {
    E2E_DIALECT: dialect,
    E2E_PORT: String(await freePort()),
    CHROMIUM_PATH: chromium,
  });
}
