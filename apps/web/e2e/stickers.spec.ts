import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { MSG_STICKERS } from '../../../packages/contract/src/stickers';
import { expectNoHorizontalScroll, expectNoSeriousViolations, PHONE } from './support/a11y';
import { snap, VERIFY_SUBJECT, waitForMail } from './support/helpers';
import {
  approve,
  baseURL,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  makeStudent,
  newStudent,
  PASSWORD,
  signIn,
  submitLogin,
  type TSession,
} from './support/sessions';

// CONTRACT 6.4 at phone size: a warden prints the stickers of a hostel's rooms from the menu, and a
// signed-out student who scans one signs in on the way and lands on the filing form, filled.

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test.describe
  .serial('QR stickers on a phone', () => {
    let warden: TSession;
    let student: TSession;

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      warden = await makeAuthority('Warden', 5);
      await approve(admin, warden);
      student = await makeStudent('qr');
    });
    test.afterAll(disposeContexts);

    test("a warden downloads the sheet of their hostel's rooms from the menu", async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto('/authority-dashboard');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'QR stickers' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'QR stickers' })).toBeVisible();
      // the hostel is the warden's own, not a choice
      await expect(page.getByLabel('Hostel number')).toHaveCount(0);
      await expect(page.getByText('Hostel 5', { exact: false })).toBeVisible();

      await page.getByLabel('Rooms').fill('5-1');
      await page.getByRole('button', { name: 'Download' }).click();
      await expect(page.getByText(MSG_STICKERS.roomsBackwards('5-1')).first()).toBeVisible();

      await page.getByLabel('Rooms').fill('101-103,G12');
      await expect(page.getByText('4 stickers, 1 page')).toBeVisible();
      await expectNoHorizontalScroll(page, 'the stickers page at 360 px');
      await expectNoSeriousViolations(page, 'the stickers page (phone)');
      await snap(page, 'stickers-phone');
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe('stickers-hostel-5.pdf');
      const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
      for (const room of ['101', '102', '103', 'G12']) expect(text).toContain(`Room ${room}`);
      await expect(page.getByText('Downloaded')).toBeVisible();
    });

    test("a signed-out student opening a sticker's address signs in and lands on the filled form", async ({
      page,
    }) => {
      await page.goto(`${baseURL}/file-complaint?type=Hostel&hostelNo=5&roomNo=102`);
      // straight to Student Login, saying where (issue 51 row 4)
      await expect(page).toHaveURL(/\/student-login$/);
      await expect(page.getByText('Log in to report a problem in Hostel 5, room 102')).toBeVisible();
      await submitLogin(page, student.email, PASSWORD);

      await expect(page).toHaveURL(/\/file-complaint\?type=Hostel&hostelNo=5&roomNo=102$/);
      await expect(page.getByRole('heading', { level: 1, name: 'File a Complaint' })).toBeVisible();
      await expect(page.getByLabel('Hostel', { exact: true })).toBeChecked();
      await expect(page.getByLabel('Hostel number')).toHaveValue('5');
      await expect(page.getByLabel('Room number')).toHaveValue('102');
      await expect(page.getByLabel('Problem type')).toHaveValue('');
      await expectNoHorizontalScroll(page, 'the filled filing form at 360 px');
      await expectNoSeriousViolations(page, 'the filing form filled from a sticker (phone)');
      await snap(page, 'sticker-filing-form-phone');

      await page.getByLabel('Problem type').selectOption('Fan');
      await page.getByLabel('Description').fill('The fan hums and does not turn');
      await page.getByRole('button', { name: 'Submit Complaint' }).click();
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      const res = await student.api.get('/api/complaints/student');
      const [filed] = ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
      expect(filed).toMatchObject({ type: 'Hostel', hostelNo: 5, roomNo: '102', subType: 'Fan' });
    });

    test("a new student signs up from a sticker's address, verifies the mailed code and lands on the filled form", async ({
      page,
    }) => {
      const s = newStudent('qrnew');
      await page.goto(`${baseURL}/file-complaint?type=College&subType=IT+Support&place=Main+building+lab+2`);
      await expect(page.getByText('Log in to report a problem at Main building lab 2')).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Create a student account' }).click();
      const field = (label: string) => page.getByLabel(label, { exact: true });
      await field('Full name').fill(s.name);
      await field('Roll number').fill(s.rollNo);
      await field('College email').fill(s.email);
      await field('Mobile number').fill('9876543210');
      await field('Academic session').fill('2023-27');
      await field('Department').selectOption('Computer Science');
      await field('Password').fill(s.password);
      await field('Confirm password').fill(s.password);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page).toHaveURL(/\/verify-email$/);
      const mail = await waitForMail(s.email, VERIFY_SUBJECT);
      await field('Verification code').fill(mail.code!);
      await page.getByRole('button', { name: 'Verify email' }).click();

      await expect(page).toHaveURL(
        /\/file-complaint\?type=College&subType=IT\+Support&place=Main\+building\+lab\+2$/,
      );
      await expect(page.getByLabel('College', { exact: true })).toBeChecked();
      await expect(page.getByLabel('Department')).toHaveValue('IT Support');
      await expect(page.getByLabel('Place')).toHaveValue('Main building lab 2');
      await expectNoHorizontalScroll(page, 'the filing form filled from a college sticker at 360 px');
    });
  });
