// `npm start`: build what is missing or stale, then run the server (migrations run at its start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfStale(workspace, output, sources) {
  const out = path.join(root, output);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const src = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built >= src) return;
  console.log(`Building ${workspace}…`);
  const r = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

buildIfStale('apps/web', 'apps/web/dist/index.html', [
  'apps/web/src',
  'apps/web/index.html',
  'packages/contract/src',
]);
buildIfStale('apps/server', 'apps/server/dist/cli.js', ['apps/server/src', 'packages/contract/src']);

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), 'serve'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
