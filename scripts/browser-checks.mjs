// `npm test`'s browser part: the Playwright suite (scripts/e2e.mjs) and the Lighthouse gate
// (scripts/lighthouse.mjs) at once, on the build `npm run build` made. Lighthouse's throttled loads
// mostly wait (a quarter of one core on this two-core machine) and the browser suite leaves about a
// quarter of the machine idle, so side by side they take the suite's time instead of both
// (decision 0022, amended). The suite's lines stream as they come; Lighthouse's are held and printed
// whole when it ends, so neither interleaves with the other. Exits with the first failure's code.
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
        console.log(`\n── ${script} (ran beside the browser suite) ──`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(`── ${script}: exit ${code} in ${seconds} s ──`);
      resolve(code ?? 1);
    });
  });

// the scripts as package.json names them (test:e2e, lighthouse:ci), so their settings live there once
const codes = await Promise.all([
  run('test:e2e', { E2E_SKIP_BUILD: '1' }, false),
  run('lighthouse:ci', {}, true),
]);
const failed = codes.find((c) => c !== 0);
if (failed !== undefined) process.exit(failed);
