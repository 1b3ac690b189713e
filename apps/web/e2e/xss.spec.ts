import { expect, type Page, test } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages';
import { expectToast, snap } from './support/helpers';
import {
  approve,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
} from './support/sessions';

// Text that people type is shown as text: markup in a complaint or a notice never runs.

const PAYLOAD = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

/** Fails the test on any alert/confirm/prompt, and checks nothing of the payload ran or was parsed. */
function guard(page: Page) {
  page.on('dialog', async (dialog) => {
    const message = dialog.message();
    await dialog.dismiss();
    throw new Error(`a dialog opened: ${dialog.type()} "${message}"`);
  });
  return async (where: string) => {
    // let an injected <img onerror> have its chance to fire
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      where,
    ).toBeUndefined();
    await expect(page.locator('main script')).toHaveCount(0);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  };
}

test.describe
  .serial('markup typed by users is shown as plain text', () => {
    let admin: TSession;
    let student: TSession;
    let warden: TSession;
    let token = '';

    test.beforeAll(async () => {
      [admin, student, warden] = await Promise.all([
        makeAdmin(),
        makeStudent('xss'),
        makeAuthority('Warden', 5),
      ]);
      await approve(admin, warden);
    });

    test.afterAll(disposeContexts);

    test('a complaint description with markup, on the status page and in the authority list', async ({
      page,
    }) => {
      const check = guard(page);
      await signIn(page, student.token);
      await page.goto('/file-complaint');
      await page.getByLabel('Hostel number').selectOption('5');
      await page.getByLabel('Room number').fill('A-1');
      await page.getByLabel('Problem type').selectOption('Other');
      await page.getByLabel('Description').fill(PAYLOAD);
      await page.getByRole('button', { name: 'Submit Complaint' }).click();
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      token = new URL(page.url()).searchParams.get('token') ?? '';
      await expectToast(page, MSG.complaintFiled(token));
      await expect(page.getByText(PAYLOAD, { exact: true })).toBeVisible();
      await check('status page');
      await snap(page, 'xss-status');

      const authority = await page
        .context()
        .browser()!
        .newPage({ baseURL: new URL(page.url()).origin });
      const checkAuthority = guard(authority);
      await signIn(authority, warden.token);
      await authority.goto('/manage-complaints');
      const row = authority.getByRole('row').filter({ hasText: token });
      await expect(row.getByText(PAYLOAD, { exact: true })).toBeVisible();
      await checkAuthority('authority list');
      // and in the Update modal
      await row.getByRole('button', { name: `Update ${token}` }).click();
      await expect(authority.getByRole('dialog', { name: 'Update Complaint' })).toBeVisible();
      await checkAuthority('update modal');
      await snap(authority, 'xss-authority-list');
      await authority.close();
    });

    test('a notice with markup in its title and message, for the poster and on /student-notifications', async ({
      page,
    }) => {
      const check = guard(page);
      await signIn(page, admin.token);
      await page.goto('/notifications');
      await page.getByLabel('Title').fill(PAYLOAD);
      await page.getByLabel('Message').fill(PAYLOAD);
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expectToast(page, MSG.notificationPosted);
      const item = page.locator('article').filter({ hasText: PAYLOAD }).first();
      await expect(item.getByRole('heading', { name: PAYLOAD, exact: true })).toBeVisible();
      await check('notifications (admin)');

      const visitor = await page
        .context()
        .browser()!
        .newPage({ baseURL: new URL(page.url()).origin });
      const checkVisitor = guard(visitor);
      await visitor.goto('/student-notifications');
      const notice = visitor.locator('article').filter({ hasText: PAYLOAD }).first();
      await expect(notice.getByRole('heading', { name: PAYLOAD, exact: true })).toBeVisible();
      await expect(notice.getByText(PAYLOAD, { exact: true })).toHaveCount(2);
      await checkVisitor('student notifications');
      await snap(visitor, 'xss-student-notifications');
      await visitor.close();
    });
  });
