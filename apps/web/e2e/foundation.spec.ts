import { MSG, MSG_SHELL } from '@bit/contract';
import { expect, test } from '@playwright/test';
import { expectToast, snap, unique, watchConsole } from './support/helpers';

test('the home page shows the hero, the login links and the three How It Works steps, with no console errors or CSP violations', async ({
  page,
}) => {
  const consoleWatch = watchConsole(page);
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Complaint Management System' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/student-login');
  await expect(main.getByRole('link', { name: 'Authority Login' })).toHaveAttribute(
    'href',
    '/authority-login',
  );
  await expect(main.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  const steps = main.getByRole('list').filter({ hasText: 'File a complaint' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('File a complaint');
  await expect(steps.nth(1)).toContainText('Track its status');
  await expect(steps.nth(1)).toContainText(/Pending.*In Progress.*Resolved/);
  await expect(steps.nth(2)).toContainText('Automatic routing');
  // the footer's quick links: a visitor is offered logging in and signing up (the student screens
  // are for students, phone.spec.ts)
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/student-login');
  await expect(footer.getByRole('link', { name: 'Student Signup' })).toHaveAttribute(
    'href',
    '/student-signup',
  );
  await expect(footer.getByRole('link', { name: 'Feedback' })).toHaveCount(0);
  await snap(page, 'home');

  // the home link of the hero leads to a working screen, still without console errors
  await main.getByRole('link', { name: 'Student Login' }).click();
  await expect(page).toHaveURL(/\/student-login$/);
  await expect(page.getByRole('heading', { name: 'Student Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  consoleWatch.expectClean();
});

test('/team shows four cards, linking to no made-up profile (config/team.ts gives none)', async ({
  page,
}) => {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet the Team' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
    // issue 33 row 18: the placeholders linked to github.com/developer-one and the like
    await expect(card.getByRole('link')).toHaveCount(0);
  }
  await snap(page, 'team');
});

test('an unknown URL shows a friendly 404 with a link home (issue 33 row 20), not the crash page', async ({
  page,
}) => {
  await page.goto(`/no-such-page-${unique()}`);
  await expect(page.getByRole('heading', { level: 1, name: MSG_SHELL.notFound })).toBeVisible();
  await expect(page.getByText(MSG_SHELL.notFoundWhy)).toBeVisible();
  await expect(page.getByText(MSG.unexpectedError)).toHaveCount(0);
  // rendered inside the shell
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await snap(page, 'not-found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Complaint Management System' })).toBeVisible();
});

test.describe('on a 360x740 phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the navigation collapses into a menu button that opens the links, and no page scrolls sideways', async ({
    page,
  }) => {
    const noSideScroll = async () =>
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Student Signup' })).toBeHidden();
    await noSideScroll();
    await snap(page, 'phone-home');

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Student Login', 'Student Signup', 'Authority Login', 'Authority Signup', 'Admin']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await noSideScroll();
    await snap(page, 'phone-menu-open');

    // following a link closes the menu
    await nav.getByRole('link', { name: 'Student Signup' }).click();
    await expect(page).toHaveURL(/\/student-signup$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await noSideScroll();
    await snap(page, 'phone-student-signup');

    for (const path of ['/team', '/authority-signup', '/student-login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noSideScroll();
    }
  });
});

test('the API answers health and docs, assets are cached for good, the page is not, and responses are compressed', async ({
  page,
  request,
}) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  const home = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(home.status()).toBe(200);
  expect(home.headers()['cache-control']).toBe('no-cache');
  const html = await home.text();
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, 'index.html references a hashed script under /assets/').toBeTruthy();

  const script = await request.get(asset!, { headers: { 'accept-encoding': 'gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toContain('immutable');
  expect(script.headers()['cache-control']).toContain('max-age=31536000');
  expect(script.headers()['content-encoding']).toBe('gzip');

  // a client route deep-links to index.html, never cached
  const deep = await request.get('/student-dashboard');
  expect(deep.headers()['cache-control']).toBe('no-cache');
  expect(deep.headers()['content-type']).toContain('text/html');

  // API JSON big enough to be worth compressing
  const spec = await request.get('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
  expect(spec.status()).toBe(200);
  expect(spec.headers()['content-encoding']).toBe('gzip');
  expect((await spec.json()).openapi).toMatch(/^3\./);

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  await expect(page.getByText('/api/auth/student-login').first()).toBeVisible();
  await snap(page, 'api-docs');
});

test('toasts appear at the top right', async ({ page }) => {
  await page.goto('/student-signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expectToast(page, MSG.nameRequired);
  const container = page.locator('.Toastify__toast-container--top-right');
  await expect(container).toBeVisible();
  await expect(container.getByText(MSG.nameRequired)).toBeVisible();
  const box = await container.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  // just below the navigation bar (so a toast never covers Logout), in the top band of the page
  expect(box!.y).toBeLessThan(120);
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 50);
  expect(box!.x).toBeGreaterThan(viewport.width / 2);
  await snap(page, 'toast-top-right');
});
