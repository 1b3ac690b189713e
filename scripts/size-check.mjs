// `npm run size`: the JavaScript budget of the home page, checked against the built apps/web/dist.
//
// What is counted (each file once, gzipped with node:zlib gzipSync at level 9):
//   1. the entry chunk of index.html (Vite manifest key "index.html"),
//   2. every chunk it imports statically, transitively (the manifest's `imports`, which the browser
//      fetches as <link rel="modulepreload"> / static imports before the app runs),
//   3. the lazily loaded chunk of the '/' route (src/app/routes/home.tsx) and of the root layout
//      (src/app/layout/root-layout.tsx, when it is a chunk of its own; today it is in the entry), each
//      with its own static imports, transitively: the router loads them before the home page renders.
// What is not counted: CSS, the manifest's other dynamic imports (the other routes, and react-toastify's
// toast container, which is fetched after start-up and is not needed for the page to be interactive),
// and assets such as the favicon.
// Fails (exit 1) when the sum is over 117 KB + 1,167 bytes (120,975 bytes; below). Issue 19 tightened it
// from 120 KB to 116 KB: the home page needed 113.1 KB before it and 114.0 KB after it (the session's retry state, the offline line, the
// shell fallback, the service worker's registration), 2 KB left for what came next. The second release and
// issues 31-33 used them (115.9 KB); the third release's screens (incidents, an incident, QR stickers: their
// routes, preload lists, menu links and headings) took the entry to 116.4 KB with push's logout step already
// loaded lazily, so the budget is 117 KB, still 3 KB under issue 19's start. The Lighthouse gate (npm test,
// decision 21) is what holds the phone's speed; this budget stops the entry's slow growth from going unseen.
// The fourth release's navigation (its new screens' routes and paths, the admin's new menu items and the
// "More" menu of issue 51 row 18) added 1,095 bytes to the entry, measured on 2026-11-29 by building the
// tree with navbar.tsx, router.tsx, config/paths.ts and config/headings.ts as they were at 48036fa: 119,747
// bytes then, 120,842 with them. 455 bytes came out elsewhere in the same round (Vite's modulepreload
// polyfill, vite.config.ts; the service worker's registration, loaded after the page's load event,
// main.tsx), which left the entry 1,044 bytes over 117 KB: the budget is raised by the navigation's 1,095
// bytes and nothing else. Anything more comes out of the entry, not the budget. Then the same round's last
// two changes added 58 bytes more, each a link from the entry to a lazy chunk that cannot be shared: a signed-in
// session handing the browser's push subscription back to the server (CONTRACT 6.7: subscriptions belong to
// their session; auth-provider.tsx, its code in lib/push-session.ts beside the logout's, ~33 bytes) and the
// zod-free grievance and assignment constants (grievance-constants.ts, assignment-messages.ts: split out so no
// first screen loads zod, ~26 bytes each, one partly shared). The budget takes those 58 bytes and 14 for the
// file names' hashes, which move the total by about ±5 bytes from build to build: 117 KB + 1,167 bytes.
// Headless UI was never in it (the dialogs are in lazy chunks); the native <dialog> replaced it there.
//
// Then, for the screens issue 19 measures on a phone, what the first screen loads (the entry and its
// static imports, and the route's files in dist/route-preloads.json, which the server preloads) must hold
// no zod (its module setup and the contract's schemas cost 35–75 ms of the first task here, four times
// that on Lighthouse's phone) and, where the screen shows no form at once, no react-hook-form: their
// forms and dialogs load lazily, and lib/form.ts loads each schema on the form's first use. The login
// and the complaint's page show a form at once (the login, the token search), so react-hook-form stays
// there. Each library is recognised by a string its minified code keeps; a marker found in no file of
// the build fails the check too, so an upgrade that drops it cannot pass by finding nothing.
//
// And none of those screens loads more than MAX_FIRST_FILES JavaScript files first (issue 51 row 23): over
// HTTP/1.1 a browser fetches six at a time from a host, each waiting out the connection's latency (562 ms on
// Lighthouse's phone), so the count, not the bytes, set when the student dashboard drew: 43 files, its code
// in at 5.6-6.2 s and its largest paint at 6.6-7.8 s. apps/web/screen-chunks.ts groups the screens' shared code
// (11 files then, in by 2.6 s); a screen that goes back over the bar has outgrown those groups.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 117 * 1024 + 1167;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!fs.existsSync(manifestPath)) {
  console.error(
    `No Vite manifest at ${manifestPath}: run \`npm run build\` first (build.manifest must be on).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

/** The chunk and its static imports, transitively, as [manifest key, reason] pairs. */
function withStaticImports(key, reason, seen) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  seen.set(key, reason);
  for (const dep of chunk.imports ?? []) withStaticImports(dep, `static import of ${key}`, seen);
  return seen;
}

const counted = new Map();
withStaticImports(entryKey, 'entry', counted);
const LAZY = [
  ['src/app/routes/home.tsx', "lazy chunk of the '/' route"],
  ['src/app/layout/root-layout.tsx', 'lazy chunk of the root layout'],
];
for (const [src, reason] of LAZY) {
  if (manifest[src]) withStaticImports(src, reason, counted);
  else if (src.includes('routes/home')) {
    console.error(`${src} is not in the manifest: the '/' route is expected to load lazily.`);
    process.exit(1);
  } else console.log(`(${src} has no chunk of its own: it is part of the entry)`);
}

let total = 0;
const rows = [];
for (const [key, reason] of counted) {
  const file = manifest[key].file;
  const bytes = fs.readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push({ file, raw: bytes.length, gzip: gz, why: reason });
}
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('JavaScript the home page needs before it is interactive (gzip -9):');
for (const r of rows)
  console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file.padEnd(40)} ${kb(r.raw).padStart(9)} raw  ${r.why}`);
console.log(`  ${kb(total).padStart(9)}  total (${total} bytes), budget ${kb(BUDGET)} (${BUDGET} bytes)`);

if (total > BUDGET) {
  console.error(`Over budget by ${total - BUDGET} bytes.`);
  process.exit(1);
}
console.log(`Within budget: ${BUDGET - total} bytes to spare.`);

const MARKERS = {
  // zod v4 names every schema class through `$constructor("$ZodType", …)`; its settings live on this global
  zod: ['$ZodType', '__zod_globalConfig'],
  // an option of useForm and register that react-hook-form reads by name throughout
  'react-hook-form': ['shouldUnregister'],
};
const BOTH = ['zod', 'react-hook-form'];
const MAX_FIRST_FILES = 14;
const FIRST_SCREEN_WITHOUT = {
  '/': BOTH,
  '/student-login': ['zod'],
  '/student-dashboard': BOTH,
  '/complaint-status': ['zod'],
  '/student-notifications': BOTH,
  '/manage-complaints': BOTH,
  '/admin-dashboard': BOTH,
};

const preloadsPath = path.join(dist, 'route-preloads.json');
if (!fs.existsSync(preloadsPath)) {
  console.error(`No ${preloadsPath}: the build writes it (route-preloads.ts).`);
  process.exit(1);
}
const preloads = JSON.parse(fs.readFileSync(preloadsPath, 'utf8'));
const entryFiles = new Set();
for (const key of withStaticImports(entryKey, 'entry', new Map()).keys()) entryFiles.add(manifest[key].file);

const text = new Map();
const read = (file) => {
  if (!text.has(file)) text.set(file, fs.readFileSync(path.join(dist, file), 'utf8'));
  return text.get(file);
};
const holds = (file, library) => MARKERS[library].some((marker) => read(file).includes(marker));

const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const failures = [];
for (const library of Object.keys(MARKERS)) {
  if (!allJs.some((f) => holds(`assets/${f}`, library)))
    failures.push(`no built file holds ${library}'s marker (${MARKERS[library].join(', ')}): update MARKERS`);
}

console.log(
  '\nJavaScript each screen loads first (entry and route preloads, gzip -9), and what it must not hold:',
);
for (const [route, banned] of Object.entries(FIRST_SCREEN_WITHOUT)) {
  const routeFiles = preloads[route];
  if (!routeFiles) {
    failures.push(`${route} is not in route-preloads.json`);
    continue;
  }
  const files = [...new Set([...entryFiles, ...routeFiles.map((f) => f.replace(/^\//, ''))])];
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length,
    0,
  );
  console.log(
    `  ${kb(bytes).padStart(9)}  ${route.padEnd(24)} ${files.length} files, without ${banned.join(' and ')}`,
  );
  if (files.length > MAX_FIRST_FILES)
    failures.push(
      `${route} loads ${files.length} JavaScript files first, over ${MAX_FIRST_FILES} (issue 51 row 23: apps/web/screen-chunks.ts)`,
    );
  for (const library of banned)
    for (const file of files.filter((f) => holds(f, library)))
      failures.push(
        `${route} loads ${library} in ${file} before its screen shows (issue 19: load it with the form)`,
      );
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
console.log(`No first screen above loads what it must not, nor more than ${MAX_FIRST_FILES} files.`);
