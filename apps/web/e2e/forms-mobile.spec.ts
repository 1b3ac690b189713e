import { MSG, MSG_NOTICE, MSG_PROFILE } from '@bit/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoHorizontalScroll, expectNoSeriousViolations, smallTouchTargets } from './support/a11y';
import { dismissToasts, expectToast, snap, VERIFY_SUBJECT, waitForMail } from './support/helpers';
import {
  apiAs,
  approve,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  makeStudent,
  newStudent,
  signIn,
  submitLogin,
} from './support/sessions';

// Issue 19's forms on a 360 px phone: pasted mobile numbers, errors at the field, toasts that do not
// outlive their screen, a way forward for an unverified student, notice audiences (CONTRACT 5.8) and
// the profile's hostel and room in the filing form.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
test.afterAll(disposeContexts);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

/**
 * A toast on a phone lies over neither the screen's heading nor the form's buttons (Save, Submit,
 * Post: issue 33 row 15, when toasts rose from the bottom edge they covered them for five seconds),
 * and is wholly on the screen. It may lie over the navigation bar's band at the top.
 */
async function expectToastClear(page: Page, shownToast: Locator) {
  await expect(shownToast).toBeVisible();
  const shown = (await shownToast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(shown.y).toBeGreaterThanOrEqual(0);
  expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height);
  const others = [page.locator('main h1').first()];
  for (const button of await page.locator('main form button').all())
    if (await button.isVisible()) others.push(button);
  for (const other of others) {
    const box = await other.boundingBox();
    if (!box || box.y >= viewport.height || box.y + box.height <= 0) continue;
    const apart = shown.y >= box.y + box.height || shown.y + shown.height <= box.y;
    expect(
      apart,
      `the toast (y ${shown.y}–${shown.y + shown.height}) overlaps y ${box.y}–${box.y + box.height}`,
    ).toBe(true);
  }
}

/** Types everything of a student's signup but the mobile number. */
async function fillStudentSignup(page: Page, s: ReturnType<typeof newStudent>) {
  await field(page, 'Full name').fill(s.name);
  await field(page, 'Roll number').fill(s.rollNo);
  await field(page, 'College email').fill(s.email);
  await field(page, 'Academic session').fill('2023-27');
  await field(page, 'Department').selectOption('Computer Science');
  await field(page, 'Password').fill(s.password);
  await field(page, 'Confirm password').fill(s.password);
}

/** Opens a screen from the phone menu, as a student would. */
async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
}

/** The check-auth answer's user for the token the page holds. */
async function sessionUser(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await (await apiAs(token ?? undefined)).get('/api/auth/check-auth');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { user: { mobile: string; hostelNo: number | null; roomNo: string | null } })
    .user;
}

test('a pasted "+91 98765 43210" signs up as 9876543210', async ({ page }) => {
  const s = newStudent('paste');
  await page.goto('/student-signup');
  await fillStudentSignup(page, s);
  const mobile = field(page, 'Mobile number');
  await expect(mobile).not.toHaveAttribute('maxlength');
  // a paste: the whole text arrives in one input event
  await mobile.focus();
  await page.keyboard.insertText('+91 98765 43210');
  await expect(mobile).toHaveValue('9876543210');
  await snap(page, 'forms-mobile-signup-pasted');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  const { code } = await waitForMail(s.email, VERIFY_SUBJECT);
  await field(page, 'Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  expect((await sessionUser(page)).mobile).toBe('9876543210');
});

test('a form shows its errors under the fields, marks them aria-invalid and moves focus to the first, keeping the toast', async ({
  page,
}) => {
  await page.goto('/student-signup');
  await field(page, 'Full name').fill('Asha Kumari');
  await field(page, 'College email').fill('asha@gmail.com');
  await page.getByRole('button', { name: 'Sign up' }).click();

  const roll = field(page, 'Roll number');
  await expect(roll).toHaveAttribute('aria-invalid', 'true');
  await expect(roll).toHaveAccessibleDescription(MSG.rollRequired);
  await expect(roll).toBeFocused();
  await expect(field(page, 'College email')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'College email')).toHaveAccessibleDescription(MSG.emailDomain);
  await expect(field(page, 'Full name')).not.toHaveAttribute('aria-invalid');
  await expectToast(page, MSG.rollRequired);
  await snap(page, 'forms-mobile-inline-errors');

  // the toast covers neither the navigation bar nor the page's heading
  await expectToastClear(page, page.locator('.Toastify__toast').first());

  // the login form does the same
  await page.goto('/student-login');
  await submitLogin(page, 'not-an-email', 'x');
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Email')).toBeFocused();
});

test('no stale "Invalid or expired code" toast stays over the dashboard after a successful verification', async ({
  page,
}) => {
  const s = newStudent('stale');
  await page.goto('/student-signup');
  await fillStudentSignup(page, s);
  await field(page, 'Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  const { code } = await waitForMail(s.email, VERIFY_SUBJECT);

  const wrong = code === '000000' ? '111111' : '000000';
  await field(page, 'Verification code').fill(wrong);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(toast(page, MSG.otpInvalid)).toBeVisible();
  const shownAt = Date.now();
  await expect(field(page, 'Verification code')).toHaveAttribute('aria-invalid', 'true');

  await field(page, 'Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(toast(page, MSG.verified)).toBeVisible();
  // gone with the screen it spoke of, well before its own 5 seconds are up
  await expect(toast(page, MSG.otpInvalid)).toHaveCount(0, { timeout: 1500 });
  // and so is the signup's "a code has been sent", which spoke of the code screen
  await expect(toast(page, MSG.signupStudent)).toHaveCount(0, { timeout: 1500 });
  expect(Date.now() - shownAt).toBeLessThan(4000);
  // clear of the navigation bar and the heading, one at a time here
  await expectToastClear(page, toast(page, MSG.verified));
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await snap(page, 'forms-mobile-verified-no-stale-toast');
});

test('an unverified student who logs in is told to verify and reaches the code entry for their email', async ({
  page,
}) => {
  const s = newStudent('unverified');
  const anon = await apiAs();
  const signup = await anon.post('/api/auth/student-signup', {
    data: {
      name: s.name,
      rollNo: s.rollNo,
      email: s.email,
      mobile: '+91 98765-43210',
      session: '2023-27',
      department: 'Computer Science',
      password: s.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  await page.goto('/student-login');
  await submitLogin(page, s.email, s.password);
  await expectToast(page, MSG.verifyFirst);
  const forward = page.getByRole('region', { name: 'Verify your email' });
  await expect(forward).toContainText(s.email);
  await expect(forward.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  await expect(forward.getByRole('link', { name: 'Enter the code' })).toBeFocused();
  // (react-toastify's own toast text, #757575, is checked by axe only while it fades in)
  await dismissToasts(page);
  await expectNoSeriousViolations(page, 'unverified login');
  expect(await smallTouchTargets(page)).toEqual([]);
  await snap(page, 'forms-mobile-unverified-login');
  await forward.getByRole('link', { name: 'Enter the code' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(`We sent a 6-digit code to ${s.email}.`)).toBeVisible();
  // the login's toast spoke of the login screen
  await expect(toast(page, MSG.verifyFirst)).toHaveCount(0);
  const { code } = await waitForMail(s.email, VERIFY_SUBJECT);
  await field(page, 'Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  expect((await sessionUser(page)).mobile).toBe('9876543210');
});

test("a hostel clerk's notice picker offers only their hostel, and the server refuses another with 403", async ({
  page,
}) => {
  const admin = await makeAdmin();
  const clerk = await makeAuthority('Hostel Clerk', 4);
  await approve(admin, clerk);

  await signIn(page, clerk.token);
  await page.goto('/notifications');
  const target = field(page, 'Target');
  await expect(target).toHaveValue('4');
  await expect(target.locator('option')).toHaveText(['Hostel 4']);
  await expect(target).toHaveAccessibleDescription('You can post to your own hostel only.');
  await field(page, 'Title').fill('Water supply');
  await field(page, 'Message').fill('No water in Hostel 4 from 10 to 12');
  await page.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, MSG.notificationPosted);
  await snap(page, 'forms-mobile-clerk-notices');

  // issue 33 row 15: one toast at a time on a phone, clear of the heading and the form's buttons, even
  // when two come from different places (the file picker's refusal, then the form's check)
  await dismissToasts(page);
  await page.getByLabel('PDF attachment (optional)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a pdf'),
  });
  await expect(toast(page, MSG.pdfOnly)).toBeVisible();
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(toast(page, MSG_NOTICE.titleRequired)).toBeVisible();
  await expect(page.locator('.Toastify__toast:not([class*="-exit"])')).toHaveCount(1);
  await expect(toast(page, MSG.pdfOnly)).toHaveCount(0);
  await expectToastClear(page, toast(page, MSG_NOTICE.titleRequired));
  // the field a check focuses is scrolled into view below the toast, not under it
  const title = field(page, 'Title');
  await expect(title).toBeFocused();
  const [titleBox, toastBox] = [
    (await title.boundingBox())!,
    (await toast(page, MSG_NOTICE.titleRequired).boundingBox())!,
  ];
  expect(titleBox.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
  await snap(page, 'forms-mobile-one-toast');

  for (const hostel of ['5', 'all']) {
    const refused = await clerk.api.post('/api/notifications', {
      multipart: { title: 'Elsewhere', message: 'Not mine to post', hostel },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: MSG_NOTICE.ownHostelOnly(4) });
  }
  // the Network Department posts to any audience
  const network = await makeAuthority('Network Department');
  await approve(admin, network);
  const anywhere = await network.api.post('/api/notifications', {
    multipart: { title: 'Wi-Fi maintenance', message: 'Campus-wide', hostel: 'all' },
  });
  expect(anywhere.status()).toBe(201);
});

test("the profile's hostel and room fill in the filing form and the notice page's picker", async ({
  page,
}) => {
  const student = await makeStudent('profile');
  await signIn(page, student.token);
  await page.goto('/student-dashboard');
  await openFromMenu(page, 'Profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // a room without its hostel is pointed at
  await field(page, 'Room number').fill('B-214');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field(page, 'Hostel number')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Hostel number')).toBeFocused();

  await field(page, 'Hostel number').selectOption('6');
  await field(page, 'Mobile number').fill('');
  await field(page, 'Mobile number').focus();
  await page.keyboard.insertText('0 91234 56789');
  await expect(field(page, 'Mobile number')).toHaveValue('9123456789');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, MSG_PROFILE.saved);
  await expect(page).toHaveTitle(/^Profile · BIT Mesra Complaints$/);
  await dismissToasts(page);
  await expectNoSeriousViolations(page, 'profile');
  await expectNoHorizontalScroll(page, 'profile');
  expect(await smallTouchTargets(page)).toEqual([]);
  await snap(page, 'forms-mobile-profile');
  expect(await sessionUser(page)).toMatchObject({ mobile: '9123456789', hostelNo: 6, roomNo: 'B-214' });

  await openFromMenu(page, 'File Complaint');
  await expect(page).toHaveURL(/\/file-complaint$/);
  await expect(field(page, 'Hostel number')).toHaveValue('6');
  await expect(field(page, 'Room number')).toHaveValue('B-214');
  await snap(page, 'forms-mobile-file-complaint-prefilled');

  // after a reload the profile comes back from the server
  await page.goto('/student-notifications');
  await expect(field(page, 'Show notices for')).toHaveValue('6');
  await page.goto('/file-complaint');
  await expect(field(page, 'Room number')).toHaveValue('B-214');
});
