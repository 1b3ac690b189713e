import { expect, test } from '@playwright/test';
import { snap } from './support/helpers';
import { disposeContexts, makeAdmin, signIn, type TSession } from './support/sessions';

// The admin's bar has the most links: from 1280 px seven of them, "More" (the others) and Logout are one
// row, each whole on screen with room between neighbours; below, the menu button, as on phones
// (issue 51 row 18: at 1024 px eleven links touched each other and pushed out the brand's name).
const WIDTHS = [1280, 1536];

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
    expect(count).toBe(9);
    await expect(bar.getByText('Mesra Complaints')).toBeVisible();
    const tops = new Set<number>();
    let end = -Infinity;
    for (let i = 0; i < count; i++) {
      const box = await items.nth(i).boundingBox();
      expect(box, `item ${i}`).not.toBeNull();
      expect(box!.x, `item ${i} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `item ${i} ends on screen`).toBeLessThanOrEqual(width);
      // the active pill never touches its neighbours
      expect(box!.x - end, `room before item ${i}`).toBeGreaterThanOrEqual(4);
      end = box!.x + box!.width;
      tops.add(Math.round(box!.y));
    }
    expect([...tops], 'one row').toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `admin-menu-${width}`);

    // the others are under More, a disclosure: open, Escape closes it and focus returns to it
    const more = bar.getByRole('button', { name: 'More' });
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(bar.getByRole('link', { name: 'Settings' })).toBeInViewport();
    await expect(bar.getByRole('link', { name: 'Audit log' })).toBeInViewport();
    await snap(page, `admin-menu-more-${width}`);
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('link', { name: 'Settings' })).toBeHidden();
    await expect(more).toBeFocused();
    await more.click();
    await bar.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin-settings$/);
    await expect(bar.getByRole('link', { name: 'Settings' })).toBeHidden();

    await bar.getByRole('link', { name: 'Incidents' }).click();
    await expect(page).toHaveURL(/\/incidents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  });
}

for (const width of [360, 1024, 1279]) {
  test(`at ${width} px the admin gets the menu button, and Incidents is in its menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, admin.token);
    await page.goto('/admin-dashboard');
    const bar = page.getByRole('navigation', { name: 'Main' });
    if (width >= 1024) await expect(bar.getByText('Mesra Complaints')).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Reports' })).toBeHidden();
    await bar.getByRole('button', { name: 'Menu' }).click();
    const incidents = bar.getByRole('link', { name: 'Incidents' });
    await expect(incidents).toBeInViewport();
    await snap(page, `admin-menu-open-${width}`);
    await expect(bar.getByRole('link', { name: 'Settings' })).toBeInViewport();
    await incidents.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  });
}
