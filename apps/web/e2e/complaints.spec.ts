import { expect, type Page, test } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages';
import { expectToast, snap, waitForMail } from './support/helpers';
import {
  approve,
  baseURL,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
} from './support/sessions';

// Filing, tracking, managing and viewing complaints, end to end against the real server.

const tokenFromUrl = (page: Page) => new URL(page.url()).searchParams.get('token') ?? '';

test.describe
  .serial('complaints', () => {
    let admin: TSession;
    let student: TSession;
    let warden: TSession;
    let network: TSession;
    let other: TSession;
    let hostelToken = '';
    let collegeToken = '';

    test.beforeAll(async () => {
      admin = await makeAdmin();
      student = await makeStudent('cstu');
      warden = await makeAuthority('Warden', 1);
      network = await makeAuthority('Network Department');
      other = await makeAuthority('Other');
      for (const authority of [warden, network, other]) await approve(admin, authority);
    });

    test.afterAll(disposeContexts);

    test('a student files a hostel and a college complaint and lands on their status pages', async ({
      page,
    }) => {
      await signIn(page, student.token);
      await page.goto('/file-complaint');
      await expect(page).toHaveTitle(/File Complaint/);
      await expect(page.getByLabel('Hostel', { exact: true })).toBeChecked();

      // the checks come first, as toasts
      await page.getByRole('button', { name: 'Submit Complaint' }).click();
      await expectToast(page, 'Please select a hostel number between 1 and 13');

      await page.getByLabel('Hostel number').selectOption('1');
      await page.getByLabel('Room number').fill('101');
      await page.getByLabel('Problem type').selectOption('Internet');
      await page.getByLabel('Description').fill('The Wi-Fi in my room drops every evening.');
      await snap(page, 'complaints-file-hostel');
      await page.getByRole('button', { name: 'Submit Complaint' }).click();

      await expectToast(page, /^Complaint filed successfully! Token: CMP-[A-Z0-9]+$/);
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      hostelToken = tokenFromUrl(page);
      await expectToast(page, MSG.complaintFiled(hostelToken));
      await expect(page.getByRole('heading', { name: `Complaint ${hostelToken}` })).toBeVisible();
      await expect(page.getByText('Pending').first()).toBeVisible();
      await snap(page, 'complaints-status-after-filing');

      await page.goto('/file-complaint');
      await page.getByLabel('College', { exact: true }).check();
      await expect(page.getByLabel('Hostel number')).toHaveCount(0);
      await page.getByLabel('Department').selectOption('Library');
      await page.getByLabel('Description').fill('The library reading room lights are broken.');
      await snap(page, 'complaints-file-college');
      await page.getByRole('button', { name: 'Submit Complaint' }).click();
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      collegeToken = tokenFromUrl(page);
      expect(collegeToken).not.toBe(hostelToken);
      await expectToast(page, MSG.complaintFiled(collegeToken));
      await expect(page.getByText('Library', { exact: true })).toBeVisible();
    });

    test('the student tracks complaints from the dashboard and by typing the token', async ({ page }) => {
      await signIn(page, student.token);
      await page.goto('/student-dashboard');
      await expect(page.getByRole('heading', { name: `Welcome, ${student.name}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'File New Complaint' })).toBeVisible();
      await expect(page.getByRole('cell', { name: hostelToken, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: collegeToken, exact: true })).toBeVisible();
      await snap(page, 'complaints-student-dashboard');

      await page.getByRole('link', { name: `View ${hostelToken}` }).click();
      await expect(page).toHaveURL(`/complaint-status?token=${hostelToken}`);
      await expect(page.getByRole('heading', { name: `Complaint ${hostelToken}` })).toBeVisible();

      await page.getByLabel('Complaint token').fill('   ');
      await page.getByRole('button', { name: 'Search' }).click();
      await expectToast(page, MSG.tokenRequired);

      await page.getByLabel('Complaint token').fill(`  ${collegeToken} `);
      await page.getByLabel('Complaint token').press('Enter');
      await expect(page).toHaveURL(`/complaint-status?token=${collegeToken}`);
      await expect(page.getByRole('heading', { name: `Complaint ${collegeToken}` })).toBeVisible();
      await snap(page, 'complaints-status-typed');
    });

    test('the warden of hostel 1 updates the hostel complaint through the modal', async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto('/authority-dashboard');
      await expect(page.getByRole('heading', { name: `Welcome, ${warden.name}` })).toBeVisible();
      await expect(page.getByText(hostelToken)).toBeVisible();
      await snap(page, 'complaints-authority-dashboard');

      await page.getByRole('link', { name: 'Manage Complaints' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Hostel 1 Complaints' })).toBeVisible();
      await expect(page.getByRole('link', { name: `View ${hostelToken}` })).toBeVisible();
      await expect(page.getByRole('link', { name: `View ${collegeToken}` })).toHaveCount(0);
      await snap(page, 'complaints-manage-warden');

      const update = page.getByRole('button', { name: `Update ${hostelToken}` });
      await update.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Update Complaint' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(update).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Status').selectOption('In Progress');
      await dialog.getByLabel('Remarks').fill('Router will be replaced tomorrow');
      await snap(page, 'complaints-update-modal');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, MSG.statusUpdated);
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: hostelToken });
      await expect(row.getByText('In Progress')).toBeVisible();
      await snap(page, 'complaints-manage-updated');
    });

    test('the network department sees the internet complaint, the other authority sees both', async ({
      page,
    }) => {
      await signIn(page, network.token);
      await page.goto('/manage-complaints');
      // its list is filtered to Network and Internet complaints: not "All Complaints" (issue 33 row 19)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Network Department complaints' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: `View ${hostelToken}` })).toBeVisible();
      await expect(page.getByRole('link', { name: `View ${collegeToken}` })).toHaveCount(0);
      await snap(page, 'complaints-manage-network');

      const otherPage = await page.context().browser()!.newPage({ baseURL });
      await signIn(otherPage, other.token);
      await otherPage.goto('/manage-complaints');
      await expect(otherPage.getByRole('heading', { level: 1, name: 'All Complaints' })).toBeVisible();
      await expect(otherPage.getByRole('link', { name: `View ${hostelToken}` })).toBeVisible();
      await expect(otherPage.getByRole('link', { name: `View ${collegeToken}` })).toBeVisible();
      await snap(otherPage, 'complaints-manage-other');
      await otherPage.close();
    });

    test('the student sees the new status and its history, and is mailed about it', async ({ page }) => {
      await signIn(page, student.token);
      await page.goto(`/complaint-status?token=${hostelToken}`);
      const history = page.getByRole('list', { name: 'History' });
      await expect(history.getByRole('listitem')).toHaveCount(2);
      await expect(history.getByRole('listitem').nth(0)).toContainText('Pending');
      const last = history.getByRole('listitem').nth(1);
      await expect(last).toContainText('In Progress');
      await expect(last).toContainText('Router will be replaced tomorrow');
      await expect(last).toContainText(warden.name);
      await expect(page.getByText(`${warden.name}, Warden`)).toBeVisible();
      await snap(page, 'complaints-status-history');

      const mail = await waitForMail(student.email, /In Progress/);
      expect(mail.subject).toContain(hostelToken);
    });

    test('the admin filters all complaints as each filter is chosen, clears them, and the URL carries the filters', async ({
      page,
    }) => {
      await signIn(page, admin.token);
      await page.goto('/view-complaints');
      await expect(page.getByText(/^\d+ complaints$/)).toBeVisible();
      await expect(page.getByRole('cell', { name: hostelToken, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: collegeToken, exact: true })).toBeVisible();
      await snap(page, 'complaints-admin-all');

      await page.getByLabel('Type').selectOption('College');
      await expect(page).toHaveURL(/\/view-complaints\?type=College$/);
      await expect(page.getByRole('cell', { name: collegeToken, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: hostelToken, exact: true })).toHaveCount(0);
      await snap(page, 'complaints-admin-college');

      await page.getByRole('button', { name: 'Clear' }).click();
      await expect(page).toHaveURL(/\/view-complaints$/);
      await expect(page.getByLabel('Type')).toHaveValue('');
      await expect(page.getByRole('cell', { name: hostelToken, exact: true })).toBeVisible();

      // a shared link filters at once
      await page.goto('/view-complaints?hostelNo=1&status=In+Progress');
      await expect(page.getByLabel('Hostel', { exact: true })).toHaveValue('1');
      await expect(page.getByLabel('Status')).toHaveValue('In Progress');
      await expect(page.getByRole('cell', { name: hostelToken, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: collegeToken, exact: true })).toHaveCount(0);
      await snap(page, 'complaints-admin-url-filters');
    });

    test('an authority awaiting approval is told why the lists are empty', async ({ page }) => {
      const pending = await makeAuthority('Hostel Clerk', 2);
      await signIn(page, pending.token);
      await page.goto('/authority-dashboard');
      await expect(
        page.getByText(
          'Your account is awaiting approval by an administrator. You will see complaints once it is approved.',
        ),
      ).toBeVisible();
      await snap(page, 'complaints-authority-awaiting-approval');
    });
  });
