import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The two lines of public/sw.js the build fills in; a build that finds either missing fails. */
const BUILD_LINE = "const BUILD = 'dev';";
const PRECACHE_LINE = 'const PRECACHE = [];';

/**
 * Writes dist/sw.js from public/sw.js with this build's files in it: every file under /assets/ (each
 * screen's code and the stylesheet), which the worker keeps after the first visit, so a screen never opened
 * before still opens offline (issue 33: offline, File New Complaint showed the router's crash page, its
 * code never fetched). The build's version is a hash of that list: a new deployment is a new worker,
 * whose cache replaces the old one's, and an unchanged build keeps its worker.
 */
export function swPrecache(): Plugin {
  const source = path.resolve(import.meta.dirname, 'public/sw.js');
  return {
    name: 'bit-sw-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .sort()
        .map((name) => `/${name}`);
      if (!files.some((f) => f.endsWith('.js')))
        throw new Error('sw-precache: the build has no JavaScript under assets/');
      const worker = fs.readFileSync(source, 'utf8');
      if (!worker.includes(BUILD_LINE) || !worker.includes(PRECACHE_LINE))
        throw new Error(`sw-precache: public/sw.js must hold \`${BUILD_LINE}\` and \`${PRECACHE_LINE}\``);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: worker
          .replace(BUILD_LINE, `const BUILD = '${version}';`)
          .replace(PRECACHE_LINE, `const PRECACHE = ${JSON.stringify(files)};`),
      });
    },
  };
}
