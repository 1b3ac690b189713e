// Bundles the server (and the contract package it imports as TypeScript) into dist/cli.js and its chunks;
// npm dependencies stay external and load from node_modules.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => d !== '@bit/contract');
// chunk names carry content hashes: old ones would pile up
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/cli.ts'],
  outdir: 'dist',
  // the app is a separate chunk, so a supervisor of several workers does not load it (src/cli.ts)
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
