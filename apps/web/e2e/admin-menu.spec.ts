import { expect, test } from '@playwright/test';
import { snap } from './support/helpers';
import { disposeContexts, makeAdmin, signIn, type TSession } from './support/sessions';

// The admin's bar has the most links (eleven with Logout, Incidents the last added): from 1024 px they are
// one row, each whole on screen; below, the menu button, as on phones.
const WIDTHS = [1024, 1280, 1536];

let admin: TSession;
test.beforeAll(async () => {
  admin = await makeAdmin();
});
test.afterAll(disposeContexts);

for (const width of WIDTHS) {
  test(`the admin's bar shows every link in one row on screen at ${width} px, and Incidents opens the list`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, admin.token);
    await page.goto('/admin-dashboard');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Menu' })).toBeHidden();
    const items = bar.locator('ul:visible > li > :is(a, button)');
    const count = await items.count();
    expect(count).toBe(11);
    const tops = new Set<number>();
    for (let i = 0; i < count; i++) {
      const box = await items.nth(i).boundingBox();
      expect(box, `item ${i}`).not.toBeNull();
      expect(box!.x, `item ${i} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `item ${i} ends on screen`).toBeLessThanOrEqual(width);
      tops.add(Math.round(box!.y));
    }
    expect([...tops], 'one row').toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `admin-menu-${width}`);

    await bar.getByRole('link', { name: 'Incidents' }).click();
    await expect(page).toHaveURL(/\/incidents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  });
}

for (const width of [360, 1023]) {
  test(`at ${width} px the admin gets the menu button, and Incidents is in its menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, admin.token);
    await page.goto('/admin-dashboard');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Menu' }).click();
    const incidents = bar.getByRole('link', { name: 'Incidents' });
    await expect(incidents).toBeInViewport();
    await snap(page, `admin-menu-open-${width}`);
    await incidents.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  });
}
