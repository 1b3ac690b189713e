// `npm test`'s browser part, on the build `npm run build` made: the Playwright suites (scripts/e2e.mjs)
// and the Lighthouse gate (scripts/lighthouse.mjs) in two lanes. The browser suites mostly wait (on the
// app's timers and animations, the mail; one worker kept about half a core busy) and Lighthouse's
// throttled loads wait too, so the SQLite suites run in one lane, in two Playwright workers, while
// Lighthouse and then the PostgreSQL suites (three workers) run in the other; every worker has a server,
// database and SMTP sink of its own (decision 0022, amended). The SQLite suite's lines stream as they
// come; the other lane's are held and printed whole as each part ends, so they never interleave. Exits
// with the first failure's code.
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

/** Playwright workers per dialect; E2E_WORKERS sets both. */
const WORKERS = { sqlite: process.env.E2E_WORKERS ?? '2', postgres: process.env.E2E_WORKERS ?? '3' };

// the scripts as package.json names them (test:e2e, lighthouse:ci), so their settings live there once.
// Lighthouse runs beside the SQLite suites, not the PostgreSQL ones too: its scores are of a page on a
// phone's CPU, and the more the machine does beside it, the less of a CPU its pages get
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const e2e = (dialect) => ({ E2E_SKIP_BUILD: '1', E2E_DIALECTS: dialect, E2E_WORKERS: WORKERS[dialect] });
const codes = await Promise.all([
  run('test:e2e', e2e('sqlite'), false),
  (async () => {
    const lighthouse = await run('lighthouse:ci', {}, true);
    const pg = postgres ? await run('test:e2e', e2e('postgres'), true) : 0;
    return lighthouse || pg;
  })(),
]);
const failed = codes.find((c) => c !== 0);
if (failed !== undefined) process.exit(failed);
