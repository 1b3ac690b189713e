import { expect, type Page, test } from '@playwright/test';
import { snap } from './support/helpers';
import { offlineStudent, workerInControl } from './support/offline';
import { approve, makeAdmin, makeAuthority, PASSWORD, signIn, submitLogin } from './support/sessions';

// A phone on slow or no data (issue 19): the session check's network failure is not a logout, a
// visitor asks nothing that is known to fail, a mail link to a complaint says why it asks to log in,
// the installed app opens offline and says so, and the main pages log no error (no CSP violation).

const made = offlineStudent('offline', {
  type: 'Hostel',
  hostelNo: 3,
  roomNo: '101',
  subType: 'Plumbing',
  description: 'Tap leaking in the washroom',
});

const greeting = (page: Page, name: string) =>
  page.getByRole('main').getByText(new RegExp(`Welcome, ${name}\\b`));

/** Console errors, page errors and CSP violations (the securitypolicyviolation event) of a page. */
async function watchEverything(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${page.url()}: ${String(err)}`));
  await page.addInitScript(() => {
    const w = window as typeof window & { __violations?: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations?.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return {
    problems,
    async collect() {
      const violations = await page.evaluate(
        () => (window as typeof window & { __violations?: string[] }).__violations ?? [],
      );
      for (const v of violations) problems.push(`${page.url()}: CSP ${v}`);
    },
  };
}

test('with the API unreachable, a signed-in student sees a retry message, not the home page', async ({
  page,
}) => {
  await signIn(page, made.student.token);
  let down = true;
  await page.route('**/api/**', (route) => (down ? route.abort('internetdisconnected') : route.fallback()));
  await page.goto('/student-dashboard');

  await expect(page.getByRole('alert')).toContainText('We could not reach the server');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  // not the public home page, as if logged out
  await expect(page.getByRole('heading', { name: 'Complaint Management System' })).toHaveCount(0);
  await snap(page, 'offline-retry');

  down = false;
  await retry.click();
  await expect(greeting(page, made.student.name)).toBeVisible();
});

test("a visitor's pages make no check-auth request", async ({ page }) => {
  const checks: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/auth/check-auth')) checks.push(req.url());
  });
  for (const path of ['/', '/student-login', '/team', '/student-notifications']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // a protected screen too: it knows at once there is no session, and sends the visitor home
  await page.goto('/student-dashboard');
  await expect(page).toHaveURL(/\/$/);
  expect(checks).toEqual([]);
});

test('a complaint page opened signed out says "Log in to view this complaint" and returns there after login', async ({
  page,
}) => {
  await page.goto(`/complaint-status?token=${made.token}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Log in to view this complaint' })).toBeVisible();
  await snap(page, 'offline-login-to-view');

  await page.getByRole('main').getByRole('link', { name: 'Student Login' }).click();
  await expect(page).toHaveURL(/\/student-login$/);
  await expect(page.getByText('Log in to view this complaint')).toBeVisible();
  await submitLogin(page, made.student.email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/complaint-status\\?token=${made.token}$`));
  await expect(page.getByText('Tap leaking in the washroom').first()).toBeVisible();
});

test('another protected screen opened signed out says "Log in to continue"', async ({ page }) => {
  await page.goto('/file-complaint');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Log in to continue' })).toBeVisible();
});

test('offline, the installed shell loads and says it is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Complaint Management System' })).toBeVisible();
  // the worker is installed, controls the page and holds the shell and the home page's code
  await workerInControl(page);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const scripts = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith('/assets/'));
        const held = await Promise.all(['/', ...scripts].map((p) => caches.match(p)));
        return held.every(Boolean);
      }),
    )
    .toBe(true);
  // and no API answer is in its cache
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached.filter((p) => p.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^You are offline/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complaint Management System' })).toBeVisible();
  await snap(page, 'offline-shell');
  await context.setOffline(false);
});

test('the main pages log no console error and no CSP violation', async ({ page }) => {
  const watch = await watchEverything(page);
  for (const path of ['/', '/student-login', '/student-signup', '/student-notifications', '/team']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await watch.collect();
  }
  await signIn(page, made.student.token);
  for (const path of ['/student-dashboard', '/file-complaint', `/complaint-status?token=${made.token}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await watch.collect();
  }
  expect(watch.problems).toEqual([]);
});

test("offline, a screen's page never carries the heading of the screen whose page the worker kept", async ({
  page,
  context,
}) => {
  await page.goto('/student-notifications');
  await workerInControl(page);
  // controlled now: this load of the page, with its heading in the shell, is the one the worker keeps
  await page.reload();
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.match('/'))?.text()) ?? ''))
    .toContain('<h1 class="shell-heading">Notifications</h1>');

  await context.setOffline(true);
  const offline = await page.goto('/team');
  const html = (await offline?.text()) ?? '';
  expect(html).toContain('data-offline');
  expect(html).not.toContain('<h1 class="shell-heading">');
  expect(html).toContain('<div class="shell-line"></div>');
  await context.setOffline(false);
});

test('the status page opened with a session shows its complaint before any script runs, and the worker never keeps it', async ({
  page,
  context,
}) => {
  await signIn(page, made.student.token, { cookie: true });
  // no script at all: what is on screen is the page as the server sent it
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/complaint-status?token=${made.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Track Complaint Status' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Complaint ${made.token}` })).toBeVisible();
  await expect(page.getByText('Tap leaking in the washroom')).toBeVisible();
  await snap(page, 'status-before-scripts');
  await page.unroute('**/assets/*.js');

  // with the app: it starts from that complaint, asking the API nothing for it
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(`/api/complaints/${made.token}`)) asked.push(req.url());
  });
  await page.goto(`/complaint-status?token=${made.token}`);
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.getByText('Tap leaking in the washroom')).toBeVisible();
  await workerInControl(page);
  // controlled: this load goes through the worker, which keeps other pages as its shell
  await page.reload();
  await expect(page.getByText('Tap leaking in the washroom')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  const kept = await page.evaluate(async () => (await (await caches.match('/'))?.text()) ?? '');
  expect(kept).toContain('id="root"');
  expect(kept).not.toContain('Tap leaking');

  await context.setOffline(true);
  const offline = await page.goto(`/complaint-status?token=${made.token}`);
  const html = (await offline?.text()) ?? '';
  expect(html).toContain('data-offline');
  expect(html).not.toContain('Tap leaking');
  await context.setOffline(false);
});

test('a screen loaded with the session cookie names the user before any script runs, and asks for no session check', async ({
  page,
}) => {
  await signIn(page, made.student.token, { cookie: true });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/student-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${made.student.name}` })).toBeVisible();
  await page.unroute('**/assets/*.js');

  const checks: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/auth/check-auth')) checks.push(req.url());
  });
  await page.goto('/student-dashboard');
  await expect(greeting(page, made.student.name)).toBeVisible();
  await expect(page.getByText(made.token).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(checks).toEqual([]);
});

test('a signed-in screen loaded with the session cookie asks the API nothing as it first draws: the page holds the answers', async ({
  page,
}) => {
  const admin = await makeAdmin();
  const warden = await makeAuthority('Warden', 3);
  await approve(admin, warden);
  const screens = [
    [made.student, '/student-dashboard', made.token],
    [made.student, '/student-notifications', null],
    [warden, '/manage-complaints', made.token],
    [warden, '/authority-dashboard', made.token],
    [warden, '/notifications', null],
    [admin, '/admin-dashboard', null],
    [admin, '/view-complaints', made.token],
    // the status page: its complaint and the session are page answers too, no request of its own
    [made.student, `/complaint-status?token=${made.token}`, 'Tap leaking in the washroom'],
    [warden, `/complaint-status?token=${made.token}`, 'Tap leaking in the washroom'],
  ] as const;
  const asked: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) asked.push(`${page.url()} -> ${req.url()}`);
  });
  for (const [who, path, shows] of screens) {
    // the init scripts run in the order they were added: the last token stored wins, as the cookie does
    await signIn(page, who.token, { cookie: true });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (shows) await expect(page.getByText(shows).first()).toBeVisible();
    // the status page's shell shows the complaint too: wait for the app's own search
    if (path.startsWith('/complaint-status'))
      await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(asked).toEqual([]);
});
