import { MSG, MSG_PUSH_WEB } from '@bit/contract';
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, expectNoHorizontalScroll, PHONE } from './support/a11y';
import { snap } from './support/helpers';
import {
  apiAs,
  approve,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  makeStudent,
  PASSWORD,
  signIn,
  submitLogin,
  type TSession,
} from './support/sessions';

// Issue 51, round three of screens as people use them: rows 4, 5, 10, 11, 12, 13, 14, 16, 19 and 21,
// each at the width where it was seen (row 18 is in admin-menu.spec.ts).

let admin: TSession;
let student: TSession;
let warden: TSession;
let pending: TSession;

test.beforeAll(async () => {
  admin = await makeAdmin();
  student = await makeStudent('round3');
  warden = await makeAuthority('Warden', 3);
  await approve(admin, warden);
  pending = await makeAuthority('Warden', 4);
});
test.afterAll(disposeContexts);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("row 4: a sticker's address opened signed out goes straight to Student Login, saying where, and fills the form after", async ({
    page,
  }) => {
    await page.goto('/file-complaint?type=Hostel&hostelNo=3&roomNo=101');
    await expect(page).toHaveURL(/\/student-login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Log in to report a problem in Hostel 3, room 101' }),
    ).toBeVisible();
    await snap(page, 'round3-sticker-login-phone');
    await submitLogin(page, student.email, PASSWORD);
    await expect(page).toHaveURL(/\/file-complaint\?type=Hostel&hostelNo=3&roomNo=101$/);
    await expect(page.getByLabel('Hostel number')).toHaveValue('3');
    await expect(page.getByLabel('Room number')).toHaveValue('101');
  });

  test('row 5: a warden on a sticker address, and a student on /view-complaints, are told, with the way to their dashboard', async ({
    page,
  }) => {
    await signIn(page, warden.token);
    await page.goto('/file-complaint?type=Hostel&hostelNo=3&roomNo=101');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Only students file complaints' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/file-complaint\?/);
    await expectNoHorizontalScroll(page, 'only students file complaints');
    await snap(page, 'round3-only-students-phone');
    await page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/authority-dashboard$/);
  });

  test('row 5: a student opening the admin list is told it is not for them', async ({ page }) => {
    await signIn(page, student.token);
    await page.goto('/view-complaints');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is not available to you' }),
    ).toBeVisible();
    await expect(
      page.getByText('This page is for administrators. You are signed in as a student.'),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/student-dashboard$/);
  });

  test('row 10: a locked-out student reads the wait and the way to reset, under the form, not only in a toast', async ({
    page,
  }) => {
    const made = (await makeStudent('locked')).email;
    const anon = await apiAs();
    // ten wrong passwords from scripts without the account's device cookie: the account is locked
    for (let i = 0; i < 10; i++) {
      const res = await anon.post('/api/auth/student-login', {
        data: { email: made, password: 'Wrong-pass-1' },
      });
      expect([401, 429]).toContain(res.status());
    }
    await page.goto('/student-login');
    await submitLogin(page, made, PASSWORD);
    const alert = page.getByRole('alert').filter({ hasText: MSG.tooManyAttempts });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/You can try again in (about \d+ minutes|about a minute|\d+ seconds)/);
    await expect(alert.getByRole('link', { name: 'reset your password to sign in now' })).toHaveAttribute(
      'href',
      '/forgot-password?role=student',
    );
    await snap(page, 'round3-locked-out-phone');
    // still there after a toast's five seconds
    await page.waitForTimeout(5500);
    await expect(alert).toBeVisible();
  });

  test('row 13: one card says how new complaints and the ways to hear combine, each choice saved at once', async ({
    page,
  }) => {
    await signIn(page, warden.token);
    await page.goto('/authority-settings');
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'How you hear of complaints' }) });
    await expect(card.getByRole('group', { name: 'New complaints in your scope' })).toBeVisible();
    await expect(card.getByRole('group', { name: 'Which ways' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'How you hear of your complaints' })).toHaveCount(0);
    const summary = page.getByRole('status').filter({ hasText: 'new complaint' });
    await expect(summary).toContainText('by email and as alerts');
    await page.getByLabel('A daily digest at 08:00').check();
    await expect(summary).toContainText('at 08:00');
    await page.getByLabel(MSG_PUSH_WEB.email).uncheck();
    await expect(summary).toContainText('at 08:00 (none on a day without any), as alerts');
    await expectNoHorizontalScroll(page, 'authority settings');
    await snap(page, 'round3-authority-settings-phone');
    await page.reload();
    await expect(page.getByLabel('A daily digest at 08:00')).toBeChecked();
    await expect(page.getByLabel(MSG_PUSH_WEB.email)).not.toBeChecked();
  });

  test('rows 14 and 19: push is "Alerts on this device", and the profile\'s two checkboxes are the same size', async ({
    page,
  }) => {
    await signIn(page, student.token);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Alerts on this device' })).toBeVisible();
    await expect(page.getByText(/notifications on this device/i)).toHaveCount(0);
    const email = await page.getByLabel(MSG_PUSH_WEB.email).boundingBox();
    const push = await page.getByLabel(MSG_PUSH_WEB.push).boundingBox();
    expect(push?.width).toBe(email?.width);
    expect(push?.height).toBe(email?.height);
    await snap(page, 'round3-profile-phone');
  });

  test('row 16: a toast leaves the menu button free, and the heading too', async ({ page }) => {
    await signIn(page, student.token);
    await page.goto('/profile');
    await page.getByLabel(MSG_PUSH_WEB.email).click();
    const toast = page.locator('.Toastify__toast').first();
    await expect(toast).toBeVisible();
    // the tap scrolled the card into view: the bar and the heading are measured at the page's top
    await page.evaluate(() => window.scrollTo(0, 0));
    const menu = (await nav(page).getByRole('button', { name: 'Menu' }).boundingBox())!;
    const heading = (await page.locator('main h1').first().boundingBox())!;
    // over the bar's band, short of the menu button at its right end, above the screen's heading (once
    // it has slid in: it enters from the right edge)
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return box.x + box.width <= menu.x && box.y + box.height <= heading.y;
      })
      .toBe(true);
    await snap(page, 'round3-toast-phone');
    await nav(page).getByRole('button', { name: 'Menu' }).click({ trial: true, timeout: 2000 });
    await nav(page).getByRole('button', { name: 'Menu' }).click();
    await expect(nav(page).getByRole('link', { name: 'Notifications' })).toBeVisible();
  });
});

test.describe('on a 1280 px laptop', () => {
  test.use({ viewport: DESKTOP });

  test('row 11: an authority awaiting approval is told why, with no incidents link, no 403 and no sticker form', async ({
    page,
  }) => {
    await signIn(page, pending.token);
    await page.goto('/authority-dashboard');
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Incidents' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'QR stickers' })).toHaveCount(0);
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
    await expect(page.getByText('Incidents open once your account is approved.')).toBeVisible();
    await expect(page.getByText('Could not load the incidents')).toHaveCount(0);
    await snap(page, 'round3-pending-incidents');
    await page.goto('/stickers');
    await expect(page.getByText('QR stickers open once your account is approved.')).toBeVisible();
    await expect(page.getByLabel('Rooms')).toHaveCount(0);
  });

  test('row 12: the admin has a Settings page with their email and alerts; the two-step page is about two-step sign-in', async ({
    page,
  }) => {
    await signIn(page, admin.token);
    await page.goto('/admin-dashboard');
    await nav(page).getByRole('button', { name: 'More' }).click();
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel(MSG_PUSH_WEB.email)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Alerts on this device' })).toBeVisible();
    await snap(page, 'round3-admin-settings');
    await page.getByRole('link', { name: /two-step sign-in/ }).click();
    await expect(page).toHaveURL(/\/two-step-sign-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
    await expect(page.getByLabel(MSG_PUSH_WEB.email)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Alerts on this device' })).toHaveCount(0);
  });

  test('row 16: a success clears the error toast still shown', async ({ page }) => {
    await page.goto('/student-login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('.Toastify__toast--error')).toBeVisible();
    await submitLogin(page, student.email, PASSWORD);
    await expect(page.locator('.Toastify__toast--success')).toBeVisible();
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  });
});
