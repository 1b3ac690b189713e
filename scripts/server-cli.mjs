// `npm run backup` / `npm run restore`: the built server's CLI, run from the repository root so that
// relative paths (--out, --in, DATA_DIR) mean what they mean to `npm start`. The build is made only
// when it is missing: rebuilding would delete the chunks a running server still loads from dist/.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/server/dist/cli.js');
if (!fs.existsSync(cli)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
