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
for (const dialect of dialects) {
  console.log(`\n── browser tests on ${dialect} ──`);
  run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extra], {
    E2E_DIALECT: dialect,
    E2E_PORT: String(await freePort()),
    CHROMIUM_PATH: chromium,
  });
}
