import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PHONE } from './a11y';
import { server } from './server';
import { disposeContexts, fileComplaint, makeStudent, type TSession } from './sessions';

/**
 * The offline suites' set-up (offline-app.spec.ts, offline-shell.spec.ts): on a phone, a student with
 * one complaint, made once for the file. Read `student` and `token` inside the tests (they are set in
 * beforeAll).
 */
export function offlineStudent(prefix: string, complaint: Record<string, unknown>) {
  test.use({ viewport: PHONE });
  const made = {} as { student: TSession; token: string };
  test.beforeAll(async () => {
    made.student = await makeStudent(prefix);
    ({ token: made.token } = await fileComplaint(made.student, complaint));
  });
  test.afterAll(disposeContexts);
  return made;
}

/** Waits until the service worker is ready and controls the page (a first visit: once it claimed it). */
export async function workerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++)
      await new Promise((r) => setTimeout(r, 50));
  });
}

/** The worker's lists, as the build wrote them into sw.js (sw-precache.ts). */
export async function workerLists(page: Page) {
  return page.evaluate(async () => {
    const worker = await (await fetch('/sw.js')).text();
    return {
      precache: JSON.parse(/const PRECACHE = (\[.*\]);/.exec(worker)?.[1] ?? '[]') as string[],
      lazy: JSON.parse(/const LAZY = (\{.*\});/.exec(worker)?.[1] ?? '{}') as Record<string, string[]>,
    };
  });
}

/** Those of `files` the worker's caches do not hold. */
export async function notKept(page: Page, files: string[]) {
  return page.evaluate(async (all) => {
    const missing: string[] = [];
    for (const f of all) if (!(await caches.match(f))) missing.push(f);
    return missing;
  }, files);
}

/** Waits until the service worker controls the page and holds every file of the build (sw.js's PRECACHE). */
export async function waitForTheWholeApp(page: Page) {
  await workerInControl(page);
  const { precache } = await workerLists(page);
  expect(precache.length, 'PRECACHE in sw.js').toBeGreaterThan(0);
  await expect
    .poll(async () => (await notKept(page, precache)).length, { timeout: 20_000, message: 'files not kept' })
    .toBe(0);
}

/** The Vite manifest of the build the server serves (global-setup.ts's snapshot of apps/web/dist). */
export function servedManifest(): Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
> {
  const webDist = server().env.WEB_DIST;
  if (!webDist) throw new Error('the server has no WEB_DIST: run the suite through npm run test:e2e');
  return JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
}
