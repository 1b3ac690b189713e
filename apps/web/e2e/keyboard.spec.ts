import { expect, type Locator, type Page, test } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages';
import { expectToast, snap, unique, waitForMail } from './support/helpers';
import {
  approve,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  PASSWORD,
  signIn,
  type TSession,
  updateComplaint,
} from './support/sessions';

// Every flow of the browser tests once more with the keyboard alone: no clicks, no fill(). Fields are
// reached with Tab, choices made with the arrow keys, forms sent with Enter.

/** Presses Tab (or Shift+Tab) until the target has focus; fails when it is not reachable. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (
      await target
        .evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 })
        .catch(() => false)
    )
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reachable with ${max} presses of Tab`).toBeFocused({ timeout: 100 });
}

/** Whether the focused element shows a focus indicator: an outline or a box-shadow ring. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== 'none' && s.boxShadow !== '';
    return outline || ring ? 'visible' : `no indicator on ${el.tagName.toLowerCase()}`;
  });
}

/** Picks an option of a focused, closed <select> with the arrow keys. */
async function arrowToOption(page: Page, select: Locator, value: string) {
  await expect(select).toBeFocused();
  const [from, to] = await select.evaluate((el, v) => {
    const s = el as HTMLSelectElement;
    return [s.selectedIndex, [...s.options].findIndex((o) => o.value === v)];
  }, value);
  expect(to, `no option ${value}`).toBeGreaterThanOrEqual(0);
  // each option is applied as it is chosen (issue 51 row 22): the next key waits for the list to take it
  const step = to > from ? 1 : -1;
  for (let at = from; at !== to; ) {
    await page.keyboard.press(step > 0 ? 'ArrowDown' : 'ArrowUp');
    at += step;
    await expect.poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedIndex)).toBe(at);
  }
  await expect(select).toHaveValue(value);
}

/** Tab into a field and type into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/**
 * The page's static shell shows a screen's heading before the app draws (issue 19), with nothing to
 * focus: a Tab pressed then left focus on the body, and the app's first draw replaced the shell. The
 * skip link is the app's own.
 */
async function appDrawn(page: Page) {
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
}

test.describe
  .serial('keyboard only', () => {
    let admin: TSession;
    let warden: TSession;
    let complaintToken = '';

    test.beforeAll(async () => {
      [admin, warden] = await Promise.all([makeAdmin(), makeAuthority('Warden', 1)]);
      await approve(admin, warden);
    });

    test.afterAll(disposeContexts);

    test('the skip link is the first Tab stop, moves focus to main, and focus is always visible', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await appDrawn(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      expect(await focusIndicator(page)).toBe('visible');
      await snap(page, 'keyboard-skip-link');
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      // the next Tab starts inside main: the hero's first link
      await page.keyboard.press('Tab');
      await expect(page.getByRole('main').getByRole('link', { name: 'Student Login' })).toBeFocused();
      expect(await focusIndicator(page)).toBe('visible');

      // every Tab stop of the login screen shows where focus is
      await page.goto('/student-login');
      await expect(page.getByRole('heading', { level: 1, name: 'Student Login' })).toBeVisible();
      await appDrawn(page);
      for (let i = 0; i < 18; i++) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(
          () =>
            `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 20)}`,
        );
        expect(await focusIndicator(page), `Tab stop ${i + 1}: ${name}`).toBe('visible');
      }
    });

    test('student: signs up, verifies, files a complaint and rates it, all with the keyboard', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const id = unique();
      const email = `kbd-${id}@bitmesra.ac.in`;
      await page.goto('/student-signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Student Signup' })).toBeVisible();
      await expect(page).toHaveTitle(/^Student Signup/);
      await appDrawn(page);

      // skip the navigation, then the first Tab stop of main is the first field
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const name = page.getByLabel('Full name');
      await expect(name).toBeFocused();

      // Enter on an empty form: the first check is announced (a toast in an alert), even though the
      // toast container loads lazily
      await page.keyboard.press('Enter');
      const toast = page.getByRole('alert').filter({ hasText: MSG.nameRequired });
      await expect(toast).toBeVisible();
      await expect(page.locator('.Toastify')).toHaveAttribute('aria-live', 'polite');

      await page.keyboard.type(`Keyboard Student ${id}`);
      await typeInto(page, page.getByLabel('Roll number'), `BTECH/K${id}`);
      await typeInto(page, page.getByLabel('College email'), email);
      await typeInto(page, page.getByLabel('Mobile number'), '9876501234');
      await typeInto(page, page.getByLabel('Academic session'), '2023-27');
      const department = page.getByLabel('Department');
      await tabTo(page, department);
      await arrowToOption(page, department, 'Computer Science');
      await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
      await typeInto(page, page.getByLabel('Confirm password'), PASSWORD);
      await snap(page, 'keyboard-student-signup');
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/\/verify-email$/);
      await expect(page).toHaveTitle(/^Verify Email/);
      const mail = await waitForMail(email);
      await tabTo(page, page.getByLabel('Verification code'));
      await page.keyboard.type(mail.code!);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/student-dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: /Welcome, Keyboard Student/ })).toBeVisible();

      // filing a complaint: from the dashboard's File New Complaint link
      await tabTo(page, page.getByRole('main').getByRole('link', { name: 'File New Complaint' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/file-complaint$/);
      const hostelRadio = page.getByLabel('Hostel', { exact: true });
      await tabTo(page, hostelRadio);
      await expect(hostelRadio).toBeChecked();
      const hostel = page.getByLabel('Hostel number');
      await tabTo(page, hostel);
      await arrowToOption(page, hostel, '1');
      await typeInto(page, page.getByLabel('Room number'), 'C-12');
      const problem = page.getByLabel('Problem type');
      await tabTo(page, problem);
      await arrowToOption(page, problem, 'Fan');
      await typeInto(
        page,
        page.getByLabel('Description'),
        'The fan regulator is broken and the fan runs at full speed.',
      );
      await tabTo(page, page.getByRole('button', { name: 'Submit Complaint' }));
      expect(await focusIndicator(page)).toBe('visible');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      complaintToken = new URL(page.url()).searchParams.get('token') ?? '';
      await expectToast(page, MSG.complaintFiled(complaintToken));
      await expect(page.getByRole('heading', { name: `Complaint ${complaintToken}` })).toBeVisible();

      // the warden resolves it, then the student rates it with the arrow keys
      const list = (await (await warden.api.get('/api/complaints/authority')).json()) as {
        data: Array<{ id: number; token: string }>;
      };
      const complaint = list.data.find((c) => c.token === complaintToken);
      expect(complaint).toBeTruthy();
      await updateComplaint(warden, complaint!.id, 'Resolved', 'Regulator replaced');

      await page.goto('/feedback');
      await expect(page).toHaveTitle(/^Feedback/);
      const select = page.getByLabel('Complaint', { exact: true });
      await tabTo(page, select);
      await arrowToOption(page, select, String(complaint!.id));
      await page.keyboard.press('Tab');
      // no star is chosen: the group is entered at its first star, End goes to the last
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
      expect(await focusIndicator(page)).toBe('visible');
      await page.keyboard.press('End');
      const five = page.getByRole('radio', { name: '5 stars' });
      await expect(five).toBeFocused();
      await expect(five).toBeChecked();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      const three = page.getByRole('radio', { name: '3 stars' });
      await expect(three).toBeFocused();
      await expect(three).toBeChecked();
      await page.keyboard.press('ArrowRight');
      const four = page.getByRole('radio', { name: '4 stars' });
      await expect(four).toBeChecked();
      // the rating is one Tab stop: the next Tab leaves the group
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Comments (optional)')).toBeFocused();
      await page.keyboard.type('Quick fix, thank you');
      await tabTo(page, page.getByRole('button', { name: 'Submit Feedback' }));
      await page.keyboard.press('Enter');
      await expectToast(page, MSG.feedbackSubmitted);
      await expect(page.getByText('No complaints to rate.')).toBeVisible();
      await snap(page, 'keyboard-feedback-done');
    });

    test('authority: the Update modal traps focus, closes on Escape and gives focus back; posting a notice', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await signIn(page, warden.token);
      await page.goto('/manage-complaints');
      await expect(page.getByRole('heading', { level: 1, name: 'Hostel 1 Complaints' })).toBeVisible();
      const update = page.getByRole('button', { name: `Update ${complaintToken}` });
      await tabTo(page, update);
      expect(await focusIndicator(page)).toBe('visible');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Update Complaint' });
      await expect(dialog).toBeVisible();

      // focus starts inside and stays inside, forwards and backwards
      const focusInDialog = () =>
        dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== el);
      await expect.poll(focusInDialog).toBe(true);
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(), `Tab ${i + 1} left the dialog`).toBe(true);
        expect(await focusIndicator(page)).toBe('visible');
      }
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInDialog(), `Shift+Tab ${i + 1} left the dialog`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(update).toBeFocused();

      // again, and this time save with the keyboard
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      const status = dialog.getByLabel('Status');
      await tabTo(page, status);
      await page.keyboard.press('Home');
      await arrowToOption(page, status, 'In Progress');
      await typeInto(page, dialog.getByLabel('Remarks'), ' — checked again');
      await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
      await snap(page, 'keyboard-update-modal');
      await page.keyboard.press('Enter');
      await expectToast(page, MSG.statusUpdated);
      await expect(dialog).toBeHidden();
      await expect(update).toBeFocused();
      await expect(page.getByRole('row').filter({ hasText: complaintToken })).toContainText('In Progress');

      // posting a notice
      const title = `Keyboard notice ${unique()}`;
      await page.goto('/notifications');
      await expect(page).toHaveTitle(/^Notifications/);
      await typeInto(page, page.getByLabel('Title'), title);
      await typeInto(page, page.getByLabel('Message'), 'Hostel 1 lift maintenance on Saturday.');
      const target = page.getByLabel('Target');
      await tabTo(page, target);
      await arrowToOption(page, target, '1');
      await tabTo(page, page.getByRole('button', { name: 'Post', exact: true }));
      await page.keyboard.press('Enter');
      await expectToast(page, MSG.notificationPosted);
      await expect(page.locator('article', { hasText: title })).toContainText('Hostel 1');
      await snap(page, 'keyboard-notice-posted');
    });

    test('admin: filters all complaints with the keyboard, each applied as it is chosen, and Clear', async ({
      page,
    }) => {
      await signIn(page, admin.token);
      await page.goto('/view-complaints');
      await expect(page).toHaveTitle(/^View Complaints/);
      await expect(page.getByRole('cell', { name: complaintToken, exact: true })).toBeVisible();

      const type = page.getByLabel('Type');
      await tabTo(page, type);
      await arrowToOption(page, type, 'College');
      await expect(page).toHaveURL(/\/view-complaints\?type=College$/);
      await expect(page.getByRole('cell', { name: complaintToken, exact: true })).toHaveCount(0);

      const hostel = page.getByLabel('Hostel', { exact: true });
      await tabTo(page, hostel, { back: true });
      await page.keyboard.press('ArrowDown');
      await tabTo(page, type);
      await arrowToOption(page, type, 'Hostel');
      await expect(page).toHaveURL(/\/view-complaints\?hostelNo=1&type=Hostel$/);
      await expect(page.getByRole('cell', { name: complaintToken, exact: true })).toBeVisible();
      await snap(page, 'keyboard-admin-filters');

      await tabTo(page, page.getByRole('button', { name: 'Clear' }));
      expect(await focusIndicator(page)).toBe('visible');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/view-complaints$/);
      await expect(type).toHaveValue('');
    });
  });
