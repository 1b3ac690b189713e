import { expect, type Page, test } from '@playwright/test';
import { PHONE } from './support/a11y';
import { dismissToasts, expectToast, snap } from './support/helpers';
import {
  notKept,
  offlineStudent,
  servedManifest,
  waitForTheWholeApp,
  workerInControl,
  workerLists,
} from './support/offline';
import { approve, makeAdmin, makeAuthority, PASSWORD, signIn, submitLogin } from './support/sessions';

// Issue 33, rows 2, 3, 4 and the 404 of row 20: after a first visit the app works offline. Every
// screen opens, or says it needs a connection (never the router's crash page); the student's own
// dashboard and complaint show as last read, marked as of when; a complaint filed offline waits, says
// so, and is filed once when the connection is back; an unknown address is a friendly 404.

const made = offlineStudent('offline-app', {
  type: 'Hostel',
  hostelNo: 5,
  roomNo: '210',
  subType: 'Fan',
  description: 'The ceiling fan hums and stops',
});

/** Every route of the app (src/config/paths.ts), and an address that is none. */
const EVERY_PATH = [
  '/',
  '/team',
  '/student-login',
  '/student-signup',
  '/verify-email',
  '/authority-login',
  '/authority-signup',
  '/admin-login',
  '/forgot-password',
  '/reset-password',
  '/student-dashboard',
  '/file-complaint',
  '/complaint-status',
  '/feedback',
  '/profile',
  '/authority-dashboard',
  '/manage-complaints',
  '/authority-settings',
  '/admin-dashboard',
  '/view-complaints',
  '/reports',
  '/notifications',
  '/manage-authorities',
  '/audit-log',
  '/admin-settings',
  '/student-notifications',
  '/two-step-sign-in',
  '/no-such-page',
];

const CRASH = /Unexpected Application Error|Failed to fetch dynamically imported module/;

test('offline after a first visit, every route opens its screen or says it needs a connection, never the crash page', async ({
  page,
  context,
}) => {
  await signIn(page, made.student.token, { cookie: true });
  // the first visit: the dashboard and one complaint, online
  await page.goto('/student-dashboard');
  await expect(page.getByText(made.token).first()).toBeVisible();
  await page.goto(`/complaint-status?token=${made.token}`);
  await expect(page.getByText('The ceiling fan hums and stops')).toBeVisible();
  await waitForTheWholeApp(page);

  await context.setOffline(true);
  // File New Complaint, whose code this visit never loaded (issue 33 row 2)
  await page.goto('/student-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${made.student.name}` })).toBeVisible();
  await page.getByRole('link', { name: 'File New Complaint' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'File a Complaint' })).toBeVisible();
  await expect(page.getByText(CRASH)).toHaveCount(0);

  const seen: string[] = [];
  for (const path of EVERY_PATH) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByText(CRASH), path).toHaveCount(0);
    seen.push(
      `${path} → ${new URL(page.url()).pathname}: ${await page.getByRole('heading', { level: 1 }).first().innerText()}`,
    );
  }
  console.log(seen.join('\n'));
  await context.setOffline(false);
});

test("offline, an authority's and an admin's screens open from the navigation bar, or say they need a connection, never the crash page", async ({
  page,
  context,
}) => {
  const admin = await makeAdmin();
  const warden = await makeAuthority('Warden', 5);
  await approve(admin, warden);
  // a laptop: the whole navigation bar in view
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [who, home] of [
    [warden, '/authority-dashboard'],
    [admin, '/admin-dashboard'],
  ] as const) {
    await signIn(page, who.token, { cookie: true });
    await page.goto(home);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await waitForTheWholeApp(page);

    await context.setOffline(true);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const targets = await nav
      .locator('a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
    expect(targets.length).toBeGreaterThan(3);
    for (const href of targets) {
      // a link of the admin's bar may be under More (issue 51 row 18)
      const link = nav.locator(`a[href="${href}"]:visible`).first();
      if ((await link.count()) === 0) await nav.getByRole('button', { name: 'More' }).click();
      await link.click();
      await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
      await expect(page.getByText(CRASH), href).toHaveCount(0);
    }
    await context.setOffline(false);
  }
});

test("offline, the student's dashboard and the complaint just seen show as last read, read only, marked as of when", async ({
  page,
  context,
}) => {
  await signIn(page, made.student.token, { cookie: true });
  await page.goto('/student-dashboard');
  await expect(page.getByText(made.token).first()).toBeVisible();
  await page.goto(`/complaint-status?token=${made.token}`);
  await expect(page.getByRole('heading', { name: 'Write to the authorities' })).toBeVisible();
  await waitForTheWholeApp(page);

  await context.setOffline(true);
  await page.goto('/student-dashboard');
  await expect(page.getByText(/^You are offline/).first()).toBeVisible();
  await expect(page.getByText(/^Saved copy as of \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByText(made.token).first()).toBeVisible();
  await expect(page.getByText('We could not reach the server')).toHaveCount(0);
  await expect(page.getByText('Connect to the internet and try again')).toHaveCount(0);
  await snap(page, 'offline-dashboard-saved-copy');

  await page.getByRole('link', { name: `View ${made.token}` }).click();
  await expect(page.getByRole('heading', { name: `Complaint ${made.token}` })).toBeVisible();
  await expect(page.getByText('The ceiling fan hums and stops')).toBeVisible();
  await expect(page.getByText(/^Saved copy as of/)).toBeVisible();
  // read only: nothing offered that needs the server
  await expect(page.getByRole('heading', { name: 'Write to the authorities' })).toHaveCount(0);
  await snap(page, 'offline-complaint-saved-copy');
  await context.setOffline(false);
});

test('a screen whose code never reached the device says it needs a connection, and Retry opens it', async ({
  browser,
}) => {
  // no service worker: the code of a screen not yet opened is fetched when it is opened
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, made.student.token, { cookie: true });
  await page.goto('/student-dashboard');
  await expect(page.getByText(made.token).first()).toBeVisible();

  await page.route('**/assets/file-complaint*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: 'File New Complaint' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This screen needs a connection' })).toBeVisible();
  await expect(page.getByText(CRASH)).toHaveCount(0);
  await snap(page, 'offline-needs-connection');

  await page.unroute('**/assets/file-complaint*.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'File a Complaint' })).toBeVisible();
  await context.close();
});

/** The form filled with one hostel complaint. */
async function fillComplaint(page: Page, description: string) {
  await page.getByLabel('Hostel number').selectOption('5');
  await page.getByLabel('Room number').fill('210');
  await page.getByLabel('Problem type').selectOption('Electrical');
  await page.getByLabel('Description').fill(description);
}

async function countFiled(description: string) {
  const res = await made.student.api.get('/api/complaints/student?page=1&pageSize=50');
  const list = (await res.json()) as { data: Array<{ description: string }> };
  return list.data.filter((c) => c.description === description).length;
}

test("every file a chunk imports lazily is in the worker's precache list, and kept as soon as that chunk is", async ({
  page,
}) => {
  await page.goto('/');
  const { precache, lazy } = await workerLists(page);
  const manifest = servedManifest();
  const fileOf = (key: string) => `/${manifest[key]?.file ?? `missing ${key}`}`;
  const missing: string[] = [];
  for (const [key, chunk] of Object.entries(manifest))
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!precache.includes(fileOf(imported))) missing.push(`${fileOf(imported)} (imported by ${key})`);
      // the entry's import()s are the screens, kept by the every-screen pass; any other chunk's, with it
      if (!chunk.isEntry && chunk.dynamicImports?.includes(imported) && !manifest[imported]?.isEntry)
        if (!lazy[fileOf(key)]?.includes(fileOf(imported)))
          missing.push(`${fileOf(imported)} not in LAZY of ${fileOf(key)}`);
    }
  expect(missing).toEqual([]);
  // the filing form's checks, which a submit imports (issue 51 row 1)
  expect(
    Object.values(lazy)
      .flat()
      .some((f) => /\/zod-resolver-[\w-]+\.js$/.test(f)),
  ).toBe(true);
});

test('a filing form opened online files offline before anything was touched: "Will send when you are online", then filed', async ({
  page,
  context,
}) => {
  // issue 51 row 1: the connection lost after the page opened, before the form was touched; its checks
  // (lib/zod-resolver.ts) were imported at the submit, offline: Submit did nothing
  const description = `The geyser trips the switch ${Date.now()}`;
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /dynamically imported module/.test(msg.text())) problems.push(msg.text());
  });
  await signIn(page, made.student.token, { cookie: true });
  await page.goto('/file-complaint');
  await expect(page.getByRole('heading', { level: 1, name: 'File a Complaint' })).toBeVisible();
  await workerInControl(page);
  // what this screen's code may import later is kept with it, well before the every-screen pass (5 s)
  const { lazy } = await workerLists(page);
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/')),
  );
  const later = [...new Set(loaded.flatMap((f) => lazy[f] ?? []))];
  expect(later.some((f) => f.includes('/zod-resolver-'))).toBe(true);
  await expect.poll(() => notKept(page, later), { timeout: 3_000 }).toEqual([]);

  await context.setOffline(true);
  await expect(page.getByText(/^You are offline/).first()).toBeVisible();
  await fillComplaint(page, description);
  await page.getByRole('button', { name: 'Submit Complaint' }).click();
  await expect(page.getByRole('button', { name: 'Will send when you are online' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'sent once you are back online' })).toBeVisible();
  await snap(page, 'offline-file-untouched-form');

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
  await expectToast(page, /^Complaint filed successfully! Token: CMP-/);
  expect(await countFiled(description)).toBe(1);
  expect(problems).toEqual([]);
});

test("a submit whose form's checks cannot be loaded says the screen needs a connection, never nothing", async ({
  browser,
}) => {
  // no service worker, and the checks' code does not come: the submit says so
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, made.student.token, { cookie: true });
  await page.route('**/assets/zod-resolver-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/file-complaint');
  await fillComplaint(page, `Window latch broken ${Date.now()}`);
  await page.getByRole('button', { name: 'Submit Complaint' }).click();
  await expectToast(page, 'This screen needs a connection');
  await snap(page, 'file-complaint-checks-not-loaded');

  // the connection back, the next submit files it
  await page.unroute('**/assets/zod-resolver-*.js');
  await page.getByRole('button', { name: 'Submit Complaint' }).click();
  await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
  await context.close();
});

test('filed offline, it says it will send when online, and is filed once when the connection is back', async ({
  page,
  context,
}) => {
  const description = `No power in room 210 since morning ${Date.now()}`;
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/complaints') posts.push(req.url());
  });
  await signIn(page, made.student.token, { cookie: true });
  await page.goto('/file-complaint');
  await fillComplaint(page, description);

  await context.setOffline(true);
  // the offline line appears above the form and moves it down: a tap aimed before it lands misses
  // Submit (a slow CI run's tap did not submit the form), so the tap waits for the page to show it
  await expect(page.getByText(/^You are offline/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit Complaint' }).click();
  await expect(page.getByRole('button', { name: 'Will send when you are online' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'sent once you are back online' })).toBeVisible();
  await snap(page, 'offline-file-complaint');
  expect(posts).toEqual([]);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
  await expectToast(page, /^Complaint filed successfully! Token: CMP-/);
  await expect(page.getByText(description)).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(await countFiled(description)).toBe(1);
});

test('a filing whose answer is lost on the way back is not filed twice', async ({ page }) => {
  const description = `Tube light flickers all night ${Date.now()}`;
  await signIn(page, made.student.token, { cookie: true });
  await page.goto('/file-complaint');
  await fillComplaint(page, description);

  // the server gets the filing and files it; the connection drops before its answer arrives
  let dropped = 0;
  await page.route('**/api/complaints', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
    dropped++;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Submit Complaint' }).click();
  await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/, { timeout: 15_000 });
  await expect(page.getByText(description)).toBeVisible();
  expect(dropped).toBe(1);
  expect(await countFiled(description)).toBe(1);
});

test('an unknown address is a friendly 404 with the way home: the dashboard when signed in', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(CRASH)).toHaveCount(0);
  await expect(page.getByText('404')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
    'href',
    '/',
  );

  await signIn(page, made.student.token);
  await page.goto('/complaints/old-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await snap(page, 'not-found-signed-in');
  await page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${made.student.name}` })).toBeVisible();
});

test('logging out takes the saved copies with it: offline, the next person sees nothing of them', async ({
  page,
  context,
}) => {
  // a laptop: Logout in the navigation bar, not behind the menu button
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/student-login');
  await submitLogin(page, made.student.email, PASSWORD);
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByText(made.token).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('saved-copies'))).toContain(made.token);
  await waitForTheWholeApp(page);

  await dismissToasts(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('saved-copies'))).toBeNull();

  await context.setOffline(true);
  await page.goto('/student-dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(made.token)).toHaveCount(0);
  await context.setOffline(false);
});

test('offline, a search says it needs a connection and runs once back online, never "Searching..." for ever', async ({
  page,
  context,
}) => {
  // issue 51 row 24: offline, the search stayed on "Searching..."
  await signIn(page, made.student.token, { cookie: true });
  await page.goto('/student-dashboard');
  await expect(page.getByText(made.token).first()).toBeVisible();
  await waitForTheWholeApp(page);

  await context.setOffline(true);
  await page.getByRole('searchbox', { name: 'Search complaints' }).fill('ceiling fan');
  const offlineLine = page.getByRole('status').filter({ hasText: 'searching needs a connection' });
  await expect(offlineLine).toBeVisible();
  // the list as last read stays
  await expect(page.getByText(made.token).first()).toBeVisible();
  await snap(page, 'offline-list-search');

  await context.setOffline(false);
  await expect(offlineLine).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=ceiling/);
  await expect(page.getByText(made.token).first()).toBeVisible();

  // the status page's search: offline, the button never turns into "Searching..."
  await page.goto(`/complaint-status?token=${made.token}`);
  await expect(page.getByText('The ceiling fan hums and stops')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'searching needs a connection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeEnabled();
  await expect(page.getByText('Searching...')).toHaveCount(0);
  await snap(page, 'offline-status-search');
  await context.setOffline(false);
});
