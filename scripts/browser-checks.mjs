// `npm test`'s browser part, on the build `npm run build` made: the Playwright suites (scripts/e2e.mjs)
// and the Lighthouse gate (scripts/lighthouse.mjs) in two lanes. Lighthouse's throttled loads mostly
// wait (a quarter of one core on this two-core machine) and the browser suite leaves about a quarter
// of the machine idle, so the SQLite suites run in one lane while Lighthouse and then the PostgreSQL
// suites run in the other (decision 0022, amended). The SQLite suite's lines stream as they come; the
// other lane's are held and printed whole as each part ends, so they never interleave. Exits with the
// first failure's code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const run = (script, env, hold) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const held = [];
    if (hold) for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => held.push(c));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (hold) {
        console.log(`\n── ${script} (ran beside the SQLite browser suite) ──`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(`── ${script}: exit ${code} in ${seconds} s ──`);
      resolve(code ?? 1);
    });
  });

// the scripts as package.json names them (test:e2e, lighthouse:ci), so their settings live there once.
// Two lanes: the SQLite suites in one; Lighthouse, then the PostgreSQL suites, in the other (each
// Playwright run has its own server, database and SMTP sink), so the PostgreSQL run takes the room
// Lighthouse leaves instead of coming after the SQLite run (decision 0022, amended)
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const codes = await Promise.all([
  run('test:e2e', { E2E_SKIP_BUILD: '1', E2E_DIALECTS: 'sqlite' }, false),
  (async () => {
    const lighthouse = await run('lighthouse:ci', {}, true);
    const pg = postgres ? await run('test:e2e', { E2E_SKIP_BUILD: '1', E2E_DIALECTS: 'postgres' }, true) : 0;
    return lighthouse || pg;
  })(),
]);
const failed = codes.find((c) => c !== 0);
if (failed !== undefined) process.exit(failed);
