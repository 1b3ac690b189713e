import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { enginesProblems } from '../../../../scripts/check-engines.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DECLARED: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node;

describe('the engines field', () => {
  it('is supported by every runtime dependency in package-lock.json', () => {
    const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/check-engines.mjs')], {
      encoding: 'utf8',
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('catches a dependency that refuses part of the declared range, as cookie@2 refused Node 20', () => {
    const lock = {
      packages: {
        '': { name: 'root' },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/glob': { version: '11.1.0', engines: { node: '20 || >=22' } },
        'node_modules/vite': { version: '7.0.0', dev: true, engines: { node: '>=22.12' } },
        'node_modules/@img/sharp-win32-ia32': {
          version: '0.35.5',
          optional: true,
          os: ['win32'],
          cpu: ['ia32'],
          engines: { node: '^20.9.0' },
        },
      },
    };
    expect(enginesProblems(lock, DECLARED)).toEqual(['cookie@2.0.2 wants node >=22']);
    // Node 21 was never supported by glob, better-sqlite3 and others: not declared either
    expect(enginesProblems(lock, '>=20.19')).toEqual([
      'cookie@2.0.2 wants node >=22',
      'glob@11.1.0 wants node 20 || >=22',
    ]);
  });
});
