import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The lines of public/sw.js the build fills in; a build that finds one missing fails. */
const BUILD_LINE = "const BUILD = 'dev';";
const PRECACHE_LINE = 'const PRECACHE = [];';
const LAZY_LINE = 'const LAZY = {};';

type TChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type TBundleLike = Record<string, TChunkLike | { type: 'asset'; fileName: string }>;

/**
 * For each chunk a screen loads, the files it may import later (issue 51 row 1: the filing form's
 * checks, `lib/zod-resolver.ts`, came at the first submit; offline before the every-screen pass, Submit
 * failed): every chunk behind its `import()`s, with their static imports and their own `import()`s, and
 * their stylesheets. What the entry loads is left out (it is on the device already), and the entry's own
 * `import()`s are the screens themselves, kept by the every-screen pass: listed here, a screen would
 * bring every other screen with it. Paths as the page asks for them (`/assets/…`).
 */
export function lazyFiles(bundle: TBundleLike): Record<string, string[]> {
  const chunks = new Map<string, TChunkLike>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const atStart = new Set<string>();
  const withStatic = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const css of chunks.get(file)?.viteMetadata?.importedCss ?? []) into.add(css);
    for (const imported of chunks.get(file)?.imports ?? []) withStatic(imported, into);
  };
  if (entry) withStatic(entry.fileName, atStart);

  const lazy: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    if (chunk.isEntry) continue;
    const found = new Set<string>();
    const visit = (file: string) => {
      for (const target of chunks.get(file)?.dynamicImports ?? []) {
        if (found.has(target) || atStart.has(target)) continue;
        const withItsImports = new Set<string>();
        withStatic(target, withItsImports);
        for (const f of withItsImports) if (!atStart.has(f)) found.add(f);
        visit(target);
      }
    };
    visit(chunk.fileName);
    if (found.size > 0) lazy[`/${chunk.fileName}`] = [...found].sort().map((f) => `/${f}`);
  }
  return lazy;
}

/**
 * The files of the build the worker keeps: every file under /assets/. Fails when a chunk, or a file a
 * chunk imports (statically or with `import()`), or its stylesheet, lies outside it: a screen's code the
 * worker does not keep would fail offline (issue 51 row 1).
 */
export function precacheList(bundle: TBundleLike): string[] {
  const files = Object.keys(bundle)
    .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
    .sort();
  const kept = new Set(files);
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    const needed = [
      item.fileName,
      ...item.imports,
      ...item.dynamicImports,
      ...(item.viteMetadata?.importedCss ?? []),
    ];
    for (const file of needed)
      if (!kept.has(file))
        throw new Error(
          `sw-precache: ${file} (${item.fileName} or what it imports) is not kept under assets/`,
        );
  }
  if (!files.some((f) => f.endsWith('.js')))
    throw new Error('sw-precache: the build has no JavaScript under assets/');
  return files.map((name) => `/${name}`);
}

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
      const files = precacheList(bundle as unknown as TBundleLike);
      const lazy = lazyFiles(bundle as unknown as TBundleLike);
      const worker = fs.readFileSync(source, 'utf8');
      for (const line of [BUILD_LINE, PRECACHE_LINE, LAZY_LINE])
        if (!worker.includes(line)) throw new Error(`sw-precache: public/sw.js must hold \`${line}\``);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: worker
          .replace(BUILD_LINE, `const BUILD = '${version}';`)
          .replace(PRECACHE_LINE, `const PRECACHE = ${JSON.stringify(files)};`)
          .replace(LAZY_LINE, `const LAZY = ${JSON.stringify(lazy)};`),
      });
    },
  };
}
