import { expect, test } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages';
import { expectToast, snap, unique } from './support/helpers';
import {
  apiAs,
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
  updateComplaint,
} from './support/sessions';

// Feedback, the admin dashboard, authority approval and notices, end to end against the real server.

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe
  .serial('feedback, admin dashboard, authorities and notices', () => {
    let admin: TSession;
    let student: TSession;
    let complaintToken: string;
    const noticeTitle = `Water supply ${unique()}`;

    test.beforeAll(async () => {
      admin = await makeAdmin();
      student = await makeStudent();
      const warden = await makeAuthority('Warden', 3);
      await approve(admin, warden);

      const filed = await fileComplaint(student, {
        type: 'Hostel',
        hostelNo: 3,
        roomNo: '101',
        subType: 'Plumbing',
        description: 'Tap leaking',
      });
      complaintToken = filed.token;
      await updateComplaint(warden, filed.id, 'Resolved', 'Washer replaced');
    });

    test.afterAll(disposeContexts);

    test('the student rates a resolved complaint with the keyboard, then it is gone from the list', async ({
      page,
    }) => {
      await signIn(page, student.token);
      await page.goto('/feedback');
      await expect(page).toHaveTitle(/Feedback/);
      const select = page.getByLabel('Complaint', { exact: true });
      await expect(select.locator('option', { hasText: complaintToken })).toHaveCount(1);
      await snap(page, 'feedback-form');

      // nothing chosen yet
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await expectToast(page, MSG.selectComplaint);

      await select.selectOption({ label: `${complaintToken} — Plumbing` });
      // no star is chosen for the student
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      const five = page.getByRole('radio', { name: '5 stars' });
      await five.focus();
      await page.keyboard.press('ArrowLeft');
      const four = page.getByRole('radio', { name: '4 stars' });
      await expect(four).toBeChecked();
      await expect(four).toBeFocused();
      await page.getByLabel('Comments (optional)').fill('Fixed within a day, thanks');
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await expectToast(page, MSG.feedbackSubmitted);
      await expect(page.getByText('No complaints to rate.')).toBeVisible();
      await snap(page, 'feedback-done');

      const again = await student.api.get('/api/feedback/pending');
      const pending = (await again.json()) as { data: Array<{ token: string }> };
      expect(pending.data.map((c) => c.token)).not.toContain(complaintToken);
    });

    test('the admin dashboard shows the counts, the average rating and the new feedback', async ({
      page,
    }) => {
      const stats = (await (await admin.api.get('/api/complaints/admin/stats')).json()) as {
        total: number;
        resolved: number;
        averageRating: number | null;
      };
      expect(stats.averageRating).not.toBeNull();
      await signIn(page, admin.token);
      await page.goto('/admin-dashboard');
      await expect(page).toHaveTitle(/Admin Dashboard/);
      const total = page.locator('dl > div', { has: page.getByText('Total', { exact: true }) });
      await expect(total.locator('dd')).toHaveText(String(stats.total));
      const resolved = page.locator('dl > div', { has: page.getByText('Resolved', { exact: true }) });
      await expect(resolved.locator('dd')).toHaveText(String(stats.resolved));
      const avg = page.locator('dl > div', { has: page.getByText('Average Rating') });
      await expect(avg.locator('dd').first()).toHaveText(stats.averageRating!.toFixed(1));
      const recent = page.getByRole('region', { name: 'Recent Feedback' });
      await expect(recent.getByText(complaintToken)).toBeVisible();
      await expect(recent.getByText('Fixed within a day, thanks')).toBeVisible();
      await expect(recent.getByText(student.name, { exact: false })).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Complaints by status' })).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Hostel complaints by hostel' })).toContainText(
        'Hostel 3',
      );
      await snap(page, 'admin-dashboard');
    });

    test('the admin approves a new warden, who then sees the hostel complaints', async ({ page }) => {
      const warden = await makeAuthority('Warden', 3);
      const before = await warden.api.get('/api/complaints/authority');
      if (before.ok()) expect(((await before.json()) as { count: number }).count).toBe(0);

      await signIn(page, admin.token);
      await page.goto('/manage-authorities');
      await expect(page).toHaveTitle(/Manage Authorities/);
      const row = page.getByRole('row', { name: new RegExp(warden.name) });
      await expect(row).toContainText('Awaiting approval');
      await snap(page, 'manage-authorities');
      await row.getByRole('button', { name: `Approve ${warden.name}` }).click();
      await expectToast(page, `${warden.name} approved`);
      await expect(row).toContainText('Approved');
      await expect(row.getByRole('button', { name: `Revoke ${warden.name}` })).toBeVisible();

      const after = await warden.api.get('/api/complaints/authority');
      expect(after.ok(), await after.text()).toBe(true);
      expect(((await after.json()) as { count: number }).count).toBeGreaterThan(0);
    });

    test('an admin posts a notice with a PDF for hostel 3; a text file named .pdf is refused', async ({
      page,
    }) => {
      await signIn(page, admin.token);
      await page.goto('/notifications');
      await expect(page).toHaveTitle(/Notifications/);
      const file = page.getByLabel('PDF attachment (optional)');
      await expect(file).toHaveAttribute('accept', 'application/pdf,.pdf');

      await file.setInputFiles({
        name: 'fake.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('just text'),
      });
      await expectToast(page, MSG.pdfOnly);
      await expect(file).toHaveValue('');

      // the server checks the bytes too
      const refused = await admin.api.post('/api/notifications', {
        multipart: {
          title: 'Fake',
          message: 'Fake',
          hostel: 'all',
          pdf: { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') },
        },
      });
      expect(refused.status()).toBe(415);

      await page.getByLabel('Title').fill(noticeTitle);
      await page.getByLabel('Message').fill('No water on Sunday\n  from 9 to 11.');
      await page.getByLabel('Target').selectOption('3');
      await file.setInputFiles({ name: 'schedule.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Post' }).click();
      await expectToast(page, MSG.notificationPosted);
      const item = page.locator('article', { hasText: noticeTitle });
      await expect(item).toContainText('Hostel 3');
      await expect(item.getByRole('link', { name: /Open PDF/ })).toBeVisible();
      await snap(page, 'notifications-admin');
    });

    test('the notice shows for Hostel 3 only, and its PDF opens', async ({ page }) => {
      await page.goto('/student-notifications');
      await expect(page).toHaveTitle(/Notifications/);
      const picker = page.getByLabel('Show notices for');
      await expect(picker).toHaveValue('all');
      const item = page.locator('article', { hasText: noticeTitle });

      await picker.selectOption({ label: 'Hostel 3' });
      await expect(item).toBeVisible();
      await expect(item).toContainText('No water on Sunday');
      await snap(page, 'student-notifications-hostel-3');
      const link = item.getByRole('link', { name: /Open PDF/ });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      const href = await link.getAttribute('href');
      const pdf = await (await apiAs()).get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');

      await picker.selectOption({ label: 'Hostel 4' });
      await expect(page.getByRole('heading', { name: 'Hostel 4' })).toBeAttached();
      await expect(item).toHaveCount(0);
      await picker.selectOption({ label: 'All' });
      await expect(page.getByRole('heading', { name: 'All hostels' })).toBeAttached();
      await expect(item).toHaveCount(0);
      await snap(page, 'student-notifications-all');
    });

    test('deleting a notice asks for confirmation first', async ({ page }) => {
      await signIn(page, admin.token);
      await page.goto('/notifications');
      const item = page.locator('article', { hasText: noticeTitle });
      const del = item.getByRole('button', { name: `Delete ${noticeTitle}` });

      page.once('dialog', async (dialog) => {
        expect(dialog.type()).toBe('confirm');
        expect(dialog.message()).toBe(MSG.confirmDelete);
        await dialog.dismiss();
      });
      await del.click();
      await expect(item).toBeVisible();

      page.once('dialog', (dialog) => dialog.accept());
      await del.click();
      await expectToast(page, MSG.notificationDeleted);
      await expect(item).toHaveCount(0);
      await snap(page, 'notifications-after-delete');
    });
  });
