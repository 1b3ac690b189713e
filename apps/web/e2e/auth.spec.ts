import { MSG } from '@bit/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  countMails,
  dismissToasts,
  expectToast,
  RESET_SUBJECT,
  runCli,
  snap,
  unique,
  VERIFY_SUBJECT,
  waitForMail,
} from './support/helpers';
import { createStudent, loginThroughUi, newStudent, PASSWORD, submitLogin } from './support/sessions';

const DAY_S = 24 * 60 * 60;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The dashboards greet the user by name ("Welcome, {name}", perhaps with more after it). */
const greeting = (page: Page, name: string) =>
  page.getByRole('main').getByText(new RegExp(`Welcome, ${name}\\b`));

/** Enters the mailed code on /verify-email and submits it. */
async function verifyWithMailedCode(page: Page, email: string) {
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  const mail = await waitForMail(email, VERIFY_SUBJECT);
  expect(mail.code).toMatch(/^\d{6}$/);
  await field(page, 'Verification code').fill(mail.code!);
  await page.getByRole('button', { name: 'Verify email' }).click();
}

test('a student signs up, verifies the mailed code and lands on the dashboard greeted by name, and a reload keeps the session', async ({
  page,
}) => {
  const s = newStudent();
  await page.goto('/student-signup');
  await snap(page, 'student-signup');
  await field(page, 'Full name').fill(s.name);
  await field(page, 'Roll number').fill(s.rollNo);
  await field(page, 'College email').fill(s.email);
  await field(page, 'Mobile number').fill('9876543210');
  await field(page, 'Academic session').fill('2023-27');
  await field(page, 'Department').selectOption('Computer Science');
  await field(page, 'Password').fill(s.password);
  await field(page, 'Confirm password').fill(s.password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expectToast(page, MSG.signupStudent);
  await snap(page, 'verify-email');
  await verifyWithMailedCode(page, s.email);
  expect(countMails(s.email, VERIFY_SUBJECT)).toBe(1);

  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(greeting(page, s.name)).toBeVisible();
  await expectToast(page, MSG.verified);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  // signed in: the navigation shows the student's links
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/student-dashboard');
  await expect(nav.getByRole('link', { name: 'File Complaint' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Student Login' })).toHaveCount(0);
  await snap(page, 'student-dashboard');

  await page.reload();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(greeting(page, s.name)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
});

test('the student signup form toasts each SPEC rule in order, and the mobile field takes at most 10 digits', async ({
  page,
}) => {
  await page.goto('/student-signup');
  const submit = page.getByRole('button', { name: 'Sign up' });
  const expectRule = async (message: string) => {
    await submit.click();
    await expectToast(page, message);
  };
  const signupCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/student-signup')) signupCalls.push(r.url());
  });

  await expectRule(MSG.nameRequired);
  await field(page, 'Full name').fill('Asha Kumari');
  await expectRule(MSG.rollRequired);
  await field(page, 'Roll number').fill(`BTECH/${unique()}`);
  await expectRule(MSG.emailRequired);
  await field(page, 'College email').fill('asha@gmail.com');
  await expectRule(MSG.emailDomain);
  await field(page, 'College email').fill(`asha.${unique()}@bitmesra.ac.in`);
  await expectRule(MSG.mobileRequired);

  const mobile = field(page, 'Mobile number');
  await mobile.fill('12345');
  await expectRule(MSG.mobileInvalid);
  await mobile.fill('');
  await mobile.pressSequentially('98a76-54321099');
  await expect(mobile).toHaveValue('9876543210');
  await mobile.fill('123456789012345');
  await expect(mobile).toHaveValue('1234567890');

  await expectRule(MSG.sessionRequired);
  await field(page, 'Academic session').fill('23-27');
  await expectRule(MSG.sessionFormat);
  await field(page, 'Academic session').fill('2023-27');
  await expectRule(MSG.departmentRequired);
  await field(page, 'Department').selectOption('Electrical');
  await expectRule(MSG.passwordRequired);
  await field(page, 'Password').fill('short');
  await expectRule(MSG.passwordShort);
  await field(page, 'Password').fill(PASSWORD);
  await expectRule(MSG.confirmRequired);
  await field(page, 'Confirm password').fill(`${PASSWORD}x`);
  await expectRule(MSG.passwordsMismatch);
  await snap(page, 'student-signup-errors');

  // the client checks stopped every attempt before the server
  expect(signupCalls).toEqual([]);
  await expect(page).toHaveURL(/\/student-signup$/);
});

test('an authority signs up as Warden of hostel 5 and as a Network Department officer, each through to the dashboard', async ({
  page,
}) => {
  // Warden of hostel 5
  const warden = { name: `Warden ${unique()}`, email: `warden.${unique()}@example.org` };
  await page.goto('/authority-signup');
  await field(page, 'Full name').fill(warden.name);
  await field(page, 'Email').fill(warden.email);
  await field(page, 'Mobile number').fill('9123456780');
  await expect(field(page, 'Hostel number')).toHaveCount(0);
  await field(page, 'Designation').selectOption('Warden');
  await field(page, 'Hostel number').selectOption('5');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
  await snap(page, 'authority-signup-warden');
  const signupBody = page.waitForRequest('**/api/auth/authority-signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  const sent = (await signupBody).postDataJSON();
  expect(sent).toMatchObject({ designation: 'Warden', hostelNo: 5, email: warden.email });
  await expectToast(page, MSG.signupAuthority);
  await verifyWithMailedCode(page, warden.email);
  await expect(page).toHaveURL(/\/authority-dashboard$/);
  await expect(
    page
      .getByText(/awaiting|approval/i)
      .or(greeting(page, warden.name))
      .first(),
  ).toBeVisible();
  await snap(page, 'authority-dashboard-warden');

  // log out, then a Network Department officer: the hostel field goes away
  await dismissToasts(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  const officer = { name: `Network ${unique()}`, email: `network.${unique()}@example.org` };
  await page.goto('/authority-signup');
  await field(page, 'Full name').fill(officer.name);
  await field(page, 'Email').fill(officer.email);
  await field(page, 'Mobile number').fill('9123456781');
  await field(page, 'Designation').selectOption('Warden');
  await field(page, 'Hostel number').selectOption('3');
  await field(page, 'Designation').selectOption('Network Department');
  await expect(field(page, 'Hostel number')).toHaveCount(0);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
  await snap(page, 'authority-signup-network');
  const networkBody = page.waitForRequest('**/api/auth/authority-signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  expect((await networkBody).postDataJSON()).toMatchObject({
    designation: 'Network Department',
    department: 'Network',
    hostelNo: null,
  });
  await verifyWithMailedCode(page, officer.email);
  await expect(page).toHaveURL(/\/authority-dashboard$/);
  await expect(
    page
      .getByText(/awaiting|approval/i)
      .or(greeting(page, officer.name))
      .first(),
  ).toBeVisible();
  await snap(page, 'authority-dashboard-network');

  // the server keeps what SPEC says: Network department, no hostel
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await page.request.get('/api/auth/check-auth', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await me.json()).user).toMatchObject({
    role: 'authority',
    designation: 'Network Department',
    department: 'Network',
    hostelNo: null,
  });
});

test('each login screen shows its own error toast', async ({ page, request }) => {
  const s = await createStudent(request);

  await page.goto('/student-login');
  await submitLogin(page, `nobody.${unique()}@bitmesra.ac.in`, PASSWORD);
  await expectToast(page, MSG.userNotFoundClient);
  await snap(page, 'student-login-unknown');

  await page.goto('/student-login');
  await submitLogin(page, s.email, 'wrong-password-1');
  await expectToast(page, MSG.incorrectPasswordClient);
  await expect(page).toHaveURL(/\/student-login$/);

  await page.goto('/authority-login');
  await submitLogin(page, `nobody.${unique()}@example.org`, PASSWORD);
  await expectToast(page, MSG.loginFailedCredentials);
  await snap(page, 'authority-login-failed');

  // a real student's right password does not open the admin screen: the server refuses other roles
  await page.goto('/admin-login');
  await submitLogin(page, s.email, s.password);
  await expectToast(page, MSG.loginFailedCredentials);
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await snap(page, 'admin-login-failed');
});

test('remember me makes the session cookie last 30 days; without it the cookie ends with the browser', async ({
  page,
  context,
  request,
}) => {
  const s = await createStudent(request);
  const sessionCookie = async () => (await context.cookies()).find((c) => c.name === 'session');

  await page.goto('/student-login');
  const remembered = page.waitForRequest('**/api/auth/student-login');
  await submitLogin(page, s.email, s.password, true);
  expect((await remembered).postDataJSON()).toEqual({ email: s.email, password: s.password, remember: true });
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expectToast(page, MSG.loginSuccess);
  const long = await sessionCookie();
  expect(long?.httpOnly).toBe(true);
  expect(long?.sameSite).toBe('Lax');
  const daysAhead = (long!.expires - Date.now() / 1000) / DAY_S;
  expect(daysAhead).toBeGreaterThan(29.9);
  expect(daysAhead).toBeLessThan(30.1);

  // a fresh start, then without remember me. The dashboard is left first: with its cookie cleared
  // under it, its next request answers 401 and the app goes home by itself, which aborted the
  // test's own navigation on a busy machine (net::ERR_ABORTED)
  await page.goto('/api/health');
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/student-login');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student Login' }),
  ).toBeVisible();
  const plain = page.waitForRequest('**/api/auth/student-login');
  await submitLogin(page, s.email, s.password);
  expect((await plain).postDataJSON()).toEqual({ email: s.email, password: s.password });
  await expect(page).toHaveURL(/\/student-dashboard$/);
  const short = await sessionCookie();
  expect(short?.httpOnly).toBe(true);
  expect(short?.expires).toBe(-1);
  await snap(page, 'student-dashboard-after-login');
});

test('logout from the navigation bar toasts, goes home and revokes the token on the server', async ({
  page,
  request,
}) => {
  const s = await createStudent(request);
  await loginThroughUi(page, 'student', s.email, s.password);
  await expect(greeting(page, s.name)).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/auth/check-auth', { headers: auth })).status()).toBe(200);

  await dismissToasts(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, MSG.loggedOut);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student Login' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await snap(page, 'home-after-logout');

  const after = await request.get('/api/auth/check-auth', { headers: auth });
  expect(after.status()).toBe(401);
  // the dashboard is closed again
  await page.goto('/student-dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a forgotten password is reset with the mailed code, after which only the new password works', async ({
  page,
  request,
}) => {
  const s = await createStudent(request);
  const newPassword = 'N3w-secret-pass';

  await page.goto('/student-login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?role=student$/);
  await expect(page.getByRole('radio', { name: 'Student' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Back to student login' })).toHaveAttribute(
    'href',
    '/student-login',
  );
  await field(page, 'Email').fill(s.email);
  await snap(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectToast(page, MSG.forgotSent);
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByText(`Enter the code sent to ${s.email}`)).toBeVisible();

  const mail = await waitForMail(s.email, RESET_SUBJECT);
  await field(page, 'Verification code').fill(mail.code!);
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, MSG.passwordsMismatch);
  await field(page, 'Confirm new password').fill(newPassword);
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, MSG.resetDone);
  await expect(page).toHaveURL(/\/student-login$/);

  await submitLogin(page, s.email, s.password);
  await expectToast(page, MSG.incorrectPasswordClient);
  await expect(page).toHaveURL(/\/student-login$/);
  await field(page, 'Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(greeting(page, s.name)).toBeVisible();
});

test('an admin made with the create-admin command logs in to the admin dashboard', async ({ page }) => {
  const admin = { email: `admin.${unique()}@bitmesra.ac.in`, name: `Admin ${unique()}` };
  const out = runCli('create-admin', '--email', admin.email, '--password', PASSWORD, '--name', admin.name);
  expect(out).not.toContain(PASSWORD);

  await page.goto('/admin-login');
  await expect(page.getByLabel('Remember me')).toHaveCount(0);
  await snap(page, 'admin-login');
  await submitLogin(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(greeting(page, admin.name)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveAttribute('href', '/admin-dashboard');
  await snap(page, 'admin-dashboard');
});

test('protected screens: anonymous visitors go home and come back after login, other roles are told the screen is not theirs, and the check shows Loading...', async ({
  page,
  request,
}) => {
  const s = await createStudent(request);

  // anonymous: sent to /, the requested location kept for after the login
  await page.goto('/student-dashboard?from=link');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student Login' }).click();
  await expect(page).toHaveURL(/\/student-login$/);
  await submitLogin(page, s.email, s.password);
  await expect(page).toHaveURL(/\/student-dashboard\?from=link$/);
  await expect(greeting(page, s.name)).toBeVisible();

  // a student on an admin screen is told it is not theirs, with the way to their dashboard (issue 51 row 5)
  await page.goto('/admin-dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page is not available to you' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    '/student-dashboard',
  );

  // while check-auth is pending, the protected screen says Loading... (a page loaded without the session
  // cookie: one loaded with it carries the user, decision 20, and has no check to wait for)
  await page.context().clearCookies();
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/auth/check-auth', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/student-dashboard');
  await expect(page.getByRole('status').filter({ hasText: MSG.loading })).toBeVisible();
  await expect(greeting(page, s.name)).toHaveCount(0);
  await snap(page, 'protected-loading');
  release();
  await expect(greeting(page, s.name)).toBeVisible();
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await page.unroute('**/api/auth/check-auth');

  // the home page's own login button carries the requested location too (the app left first: its own
  // redirect when the session goes would abort the navigation below)
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/file-complaint');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('main').getByRole('link', { name: 'Student Login' }).click();
  await submitLogin(page, s.email, s.password);
  await expect(page).toHaveURL(/\/file-complaint$/);
});

test('the code screens without their navigation state send the visitor back to the form that leads to them', async ({
  page,
}) => {
  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/student-signup$/);
  await expect(page.getByRole('heading', { name: 'Student Signup' })).toBeVisible();

  await page.goto('/verify-email?role=authority');
  await expect(page).toHaveURL(/\/authority-signup$/);
  await expect(page.getByRole('heading', { name: 'Authority Signup' })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await snap(page, 'forgot-password-redirected');
});
