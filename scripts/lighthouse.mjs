// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown, a 412 px phone)
// on the main screens of the BUILT app, in Debian's Chromium. It builds nothing: run `npm run build`
// first (or point WEB_DIST at another build). It starts the server on a fresh SQLite data directory
// with the demo data (`cli seed-demo`), signs in through the API where a screen needs it (the token in
// localStorage and the session cookie, as a login leaves them), and audits each page from a cold start (cache, storage and service
// worker cleared before each run). Prints Performance, Accessibility, Best Practices, CLS and the
// console errors per page. Then, on issue 19's throttled phone (THROTTLED below), times when the shell
// first paints and when the status page shows its complaint (and, reported, when the warden's list shows its first). Exits 1 when a page is under Accessibility 100 or Best
// Practices 100, over CLS 0.02, logged any console error, or is under the Performance floor (50, a broken
// page's mark); Performance under issue 19's target of 95 is reported, not failed: on this host since
// Chromium 156 the build that set the target (98-100) measures 56-92 (decision 0021, amended).
//
//   LIGHTHOUSE_PAGES=home,status   only those pages (names below)
//   LIGHTHOUSE_RUNS=3              runs per page, one after another; each run's scores are printed, the
//                                  median Performance run is the page's row (default 1), and a run that
//                                  recorded no paint fails the page (issue 51 row 23: 2 of 4 did; with
//                                  LIGHTHOUSE_RETRY alone it is printed and the median judges, as before)
//   LIGHTHOUSE_RETRY=1             a page under a bar gets two more runs, and the median of three counts
//                                  (npm test runs it so: npm run lighthouse:ci)
//   LIGHTHOUSE_THROTTLING=simulate Lighthouse's simulated throttling instead of Chrome's applied one
//   LIGHTHOUSE_TIMELINE=1         print the throttled status page's requests (start-end ms)
//   LIGHTHOUSE_REPORTS=dir         also write each run's full report there (<page>-<run>.json)
//   CHROMIUM_PATH                  the browser (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
const cli = path.join(root, 'apps/server/dist/cli.js');
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const RETRY = Boolean(process.env.LIGHTHOUSE_RETRY);
// Chrome's own throttling applied to the real load (the mobile preset's 150 ms, 1.6 Mbit/s, CPU 4x), not
// Lighthouse's simulation of it, whose first paint swings between two values on this machine from run
// to run (docs/decisions/0021-lighthouse-gate.md); LIGHTHOUSE_THROTTLING=simulate for the simulation
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING ?? 'devtools';

// Performance: `performanceTarget` is issue 19's bar, printed against each page; `performance`, the floor CI
// fails under, catches a broken page (a script that blocks for seconds, a screen that never draws), not a
// slower one: the host's own spread is wider than any regression a stricter floor would catch (decision 0021).
const THRESHOLDS = {
  performance: 50,
  performanceTarget: 95,
  accessibility: 100,
  bestPractices: 100,
  cls: 0.02,
};
// issue 19's throttled phone: 400 kbit/s both ways, 400 ms added to every request, the CPU 4x slower,
// a 360x740 screen (Chrome's own throttling, applied to the real load, not simulated)
const THROTTLED = {
  downloadBps: (400 * 1000) / 8,
  latencyMs: 400,
  cpuSlowdown: 4,
  shellPaintMs: 1500,
  statusShownMs: 4000,
};
const DEMO_PASSWORD = 'Demo@1234';
const DOMAIN = 'bitmesra.ac.in';

for (const [what, file] of [
  ['the web app', path.join(webDist, 'index.html')],
  ['the server', cli],
]) {
  if (!fs.existsSync(file)) {
    console.error(`${what} is not built (${file} is missing): run \`npm run build\` first.`);
    process.exit(1);
  }
}
if (!fs.existsSync(chromePath)) {
  console.error(`Chromium was not found at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bit-lighthouse-'));
const dataDir = path.join(workDir, 'data');
// a snapshot of the build: a rebuild during the run would replace the chunks its index.html names
const servedDist = path.join(workDir, 'web');
fs.cpSync(webDist, servedDist, { recursive: true });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: origin,
  WEB_DIST: servedDist,
  WORKERS: '1',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.SMTP_URL;

const seeded = spawnSync(process.execPath, [cli, 'seed-demo'], { cwd: root, env, encoding: 'utf8' });
if (seeded.status !== 0) {
  console.error('seed-demo failed:\n', seeded.stdout, seeded.stderr);
  process.exit(1);
}

const server = spawn(process.execPath, [cli, 'serve'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
const cleanUp = async () => {
  server.kill('SIGTERM');
  await chrome?.kill();
  fs.rmSync(workDir, { recursive: true, force: true });
};
process.on('SIGINT', () => cleanUp().then(() => process.exit(130)));

async function waitForServer() {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within 30 s');
}

async function login(kind, email) {
  const res = await fetch(`${origin}/api/auth/${kind}-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`${kind} login of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** Whether a run (or the median run) is under one of the bars. */
const isBad = (r) =>
  r.performance < THRESHOLDS.performance ||
  r.accessibility < THRESHOLDS.accessibility ||
  r.bestPractices < THRESHOLDS.bestPractices ||
  r.cls > THRESHOLDS.cls ||
  r.consoleErrors.length > 0 ||
  Boolean(r.runtimeError) ||
  r.noPaint ||
  // three runs in a row (LIGHTHOUSE_RUNS) must all paint; CI's retries (LIGHTHOUSE_RETRY) judge the median
  (RUNS > 1 && r.noPaintRuns > 0);

/** The median of the runs by Performance score. */
const median = (runs) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];

let failed = false;
try {
  await waitForServer();
  const student = await login('student', `student1.demo@${DOMAIN}`);
  const warden = await login('authority', `warden3.demo@${DOMAIN}`);
  const admin = await login('admin', `admin.demo@${DOMAIN}`);
  const mine = await fetch(`${origin}/api/complaints/student`, {
    headers: { authorization: `Bearer ${student}` },
  }).then((r) => r.json());
  const complaintToken = mine.data?.[0]?.token;
  if (!complaintToken) throw new Error('the demo student has no complaint');
  // only the complaint's own data carries its description (the token is in the address already)
  const complaintText = mine.data[0].description.slice(0, 40);

  const PAGES = [
    { name: 'home', path: '/' },
    { name: 'student-login', path: '/student-login' },
    { name: 'student-dashboard', path: '/student-dashboard', token: student },
    { name: 'status', path: `/complaint-status?token=${complaintToken}`, token: student },
    { name: 'student-notifications', path: '/student-notifications', token: student },
    { name: 'manage-complaints', path: '/manage-complaints', token: warden },
    { name: 'admin-dashboard', path: '/admin-dashboard', token: admin },
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim());
  const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  /** Signed in as a login through the form leaves a browser: the token in localStorage, the session cookie. */
  const signInTab = async (tab, cdp, token) => {
    await tab.goto(`${origin}/favicon.svg`);
    await tab.evaluate((t) => localStorage.setItem('token', t), token);
    await cdp.send('Network.setCookie', { name: 'session', value: token, url: origin, httpOnly: true });
  };

  const rows = [];
  for (const page of pages) {
    const runs = [];
    // with LIGHTHOUSE_RETRY, a page under a bar after its runs gets two more, and the median counts
    for (let run = 0; run < RUNS || (RETRY && runs.length < 3 && runs.some(isBad)); run++) {
      // a cold start: no cache, no storage, no service worker; then the session as the app keeps it
      const tab = await browser.newPage();
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      if (page.token) await signInTab(tab, cdp, page.token);
      await tab.close();

      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        // the storage was reset above, keeping the token
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        throttlingMethod: THROTTLING,
      });
      const { lhr } = result;
      if (process.env.LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        fs.writeFileSync(
          path.join(process.env.LIGHTHOUSE_REPORTS, `${page.name}-${run + 1}.json`),
          result.report,
        );
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map((item) =>
        `${item.source ?? ''} ${item.description ?? ''}`.trim(),
      );
      runs.push({
        page: page.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 1,
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        consoleErrors,
        failedAudits: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              ['binary', 'numeric'].includes(a.scoreDisplayMode) &&
              !['performance'].includes(a.id),
          )
          .map((a) => a.id),
        runtimeError: lhr.runtimeError?.message,
        // Lighthouse scores a load without a first contentful paint 0 (NO_FCP): the page showed nothing
        noPaint:
          lhr.runtimeError?.code === 'NO_FCP' || !(lhr.audits['first-contentful-paint']?.numericValue > 0),
      });
    }
    const row = { ...median(runs) };
    if (runs.length > 1) row.runs = runs;
    // a run without a paint is never hidden by the median
    row.noPaintRuns = runs.filter((r) => r.noPaint).length;
    rows.push(row);
  }

  /**
   * A cold start on the throttled phone of a signed-in page: when the shell first painted, and when
   * `text` was first on the screen (in <main>, taken in the page as the DOM changes; text there before
   * the first paint counts from that paint).
   */
  const timeOnThrottledPhone = async (pagePath, token, text) => {
    const tab = await browser.newPage();
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await signInTab(tab, cdp, token);
    await tab.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLED.latencyMs,
      downloadThroughput: THROTTLED.downloadBps,
      uploadThroughput: THROTTLED.downloadBps,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpuSlowdown });
    await tab.evaluateOnNewDocument((wanted) => {
      const seen = () => document.querySelector('main')?.textContent?.includes(wanted);
      new MutationObserver((_, observer) => {
        if (!seen()) return;
        window.__shownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, text);
    await tab.goto(`${origin}${pagePath}`, { waitUntil: 'load', timeout: 60_000 });
    await tab.waitForFunction(() => window.__shownAt !== undefined, { timeout: 30_000 });
    const timing = await tab.evaluate(() => {
      const paint =
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      return { shellPaint: paint, shown: Math.max(window.__shownAt, paint) };
    });
    if (process.env.LIGHTHOUSE_TIMELINE)
      console.log(
        `${pagePath}:\n${await tab.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map(
              (e) =>
                `  ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`,
            )
            .join('\n'),
        )}`,
      );
    await tab.close();
    return timing;
  };

  // the signed-in student's status page (issue 19's bar), and the warden's list (reported)
  const wardenList = await fetch(`${origin}/api/complaints/authority`, {
    headers: { authorization: `Bearer ${warden}` },
  }).then((r) => r.json());
  const firstInList = wardenList.data?.[0]?.token;
  if (!firstInList) throw new Error('the demo warden has no complaint');
  const throttled = [];
  const throttledList = [];
  for (let run = 0; run < RUNS; run++) {
    const status = await timeOnThrottledPhone(
      `/complaint-status?token=${complaintToken}`,
      student,
      complaintText,
    );
    throttled.push({ shellPaint: status.shellPaint, complaintShown: status.shown });
    throttledList.push(await timeOnThrottledPhone('/manage-complaints', warden, firstInList));
  }
  browser.disconnect();

  const pad = (s, n) => String(s).padEnd(n);
  console.log(
    `\n${pad('page', 24)}${pad('perf', 6)}${pad('a11y', 6)}${pad('b.p.', 6)}${pad('CLS', 8)}${pad('FCP ms', 8)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}console errors`,
  );
  for (const r of rows) {
    const bad = isBad(r);
    if (bad) failed = true;
    console.log(
      `${pad(r.page, 24)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 6)}${pad(r.cls.toFixed(3), 8)}${pad(Math.round(r.fcp), 8)}${pad(Math.round(r.lcp), 8)}${pad(Math.round(r.tbt), 8)}${r.consoleErrors.length}${bad ? '  <- below the bar' : r.performance < THRESHOLDS.performanceTarget ? `  (under the target of ${THRESHOLDS.performanceTarget})` : ''}`,
    );
    for (const [i, run] of (r.runs ?? []).entries())
      console.log(
        `  run ${i + 1}: perf ${run.performance}, a11y ${run.accessibility}, b.p. ${run.bestPractices}, CLS ${run.cls.toFixed(3)}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms${run.noPaint ? '  <- no paint recorded' : ''}${run.runtimeError ? ` (${run.runtimeError})` : ''}`,
      );
    if (r.runs) {
      const under = r.runs.filter((run) => run.performance < THRESHOLDS.performanceTarget).length;
      console.log(
        `  ${r.runs.length - under} of ${r.runs.length} runs at the target of ${THRESHOLDS.performanceTarget} or more`,
      );
    }
    for (const e of r.consoleErrors) console.log(`  console: ${e}`);
    if (r.runtimeError) console.log(`  runtime error: ${r.runtimeError}`);
    if ((bad || r.performance < THRESHOLDS.performanceTarget) && r.failedAudits.length)
      console.log(`  audits not passed: ${r.failedAudits.join(', ')}`);
  }
  const slowest = (key) => Math.max(...throttled.map((t) => t[key]));
  const shellPaint = slowest('shellPaint');
  const complaintShown = slowest('complaintShown');
  const throttledBad = shellPaint > THROTTLED.shellPaintMs || complaintShown > THROTTLED.statusShownMs;
  if (throttledBad) failed = true;
  console.log(
    `\nThrottled phone (${(THROTTLED.downloadBps * 8) / 1000} kbit/s, +${THROTTLED.latencyMs} ms a request, CPU ${THROTTLED.cpuSlowdown}x slower, 360x740), the status page from a cold start, slowest of ${throttled.length}:`,
  );
  console.log(
    `  shell painted at ${Math.round(shellPaint)} ms (bar ${THROTTLED.shellPaintMs}); complaint shown at ${Math.round(complaintShown)} ms (bar ${THROTTLED.statusShownMs})${throttledBad ? '  <- over the bar' : ''}`,
  );
  console.log(
    `  the warden's list (/manage-complaints): shell painted at ${Math.round(Math.max(...throttledList.map((t) => t.shellPaint)))} ms; its first complaint shown at ${Math.round(Math.max(...throttledList.map((t) => t.shown)))} ms (reported, no bar)`,
  );
  console.log(
    `\nBars: Performance >= ${THRESHOLDS.performance} (the target: ${THRESHOLDS.performanceTarget}), Accessibility ${THRESHOLDS.accessibility}, Best Practices ${THRESHOLDS.bestPractices}, CLS <= ${THRESHOLDS.cls}, no console error.`,
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
