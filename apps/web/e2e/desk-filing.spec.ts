import { MSG_DESK } from '@bit/contract';
import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousViolations, PHONE } from './support/a11y';
import { snap, waitForMail } from './support/helpers';
import {
  apiAs,
  approve,
  createStudent,
  disposeContexts,
  loginThroughUi,
  makeAdmin,
  makeAuthority,
  signIn,
} from './support/sessions';

// CONTRACT 7.5 end to end: a Hostel Clerk finds a student who came to the desk by roll number, sees
// their name, files for them and reads out the token; the student, mailed the token, signs in and finds
// the complaint on their dashboard, "Filed at the desk by" the clerk on its page. On a phone and a laptop.

test.afterAll(disposeContexts);

for (const [label, viewport] of [
  ['phone', PHONE],
  ['laptop', DESKTOP],
] as const) {
  test(`a clerk files at the desk and the student sees it on their dashboard (${label})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await makeAdmin();
    const clerk = await makeAuthority('Hostel Clerk', 10);
    await approve(admin, clerk);
    const student = await createStudent(await apiAs());

    await signIn(page, clerk.token);
    await page.goto('/authority-dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // a phone's links are in the menu; a laptop's beyond the bar's first ones under "More"
    if (label === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    else {
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      const more = nav.getByRole('button', { name: 'More' });
      if (await more.isVisible()) await more.click();
    }
    await nav.getByRole('link', { name: 'File at the desk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'File at the desk' })).toBeVisible();

    // an unknown roll number: the contract's 404, under the field, and no form
    const roll = page.getByLabel("Student's roll number");
    await roll.fill('NOBODY/0');
    await page.getByRole('button', { name: 'Find student' }).click();
    await expect(page.getByText(MSG_DESK.noStudent)).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveCount(0);

    // the student's name before any filing
    await roll.fill(student.rollNo);
    await page.getByRole('button', { name: 'Find student' }).click();
    await expect(page.getByRole('status').getByText(student.name, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, `the student found at the desk (${label})`);
    await snap(page, `desk-found-${label}`);
    await page.getByRole('button', { name: `File for ${student.name}` }).click();

    // the clerk's own hostel, fixed
    await expect(page.getByText('Hostel 10', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Hostel number')).toHaveCount(0);
    await page.getByLabel('Room number').fill('118');
    await page.getByLabel('Problem type').selectOption('Electrical');
    await page.getByLabel('Description').fill('The tube light in room 118 flickers all night.');
    await expectNoHorizontalScroll(page, `the desk's filing form (${label})`);
    await expectNoSeriousViolations(page, `the desk's filing form (${label})`);
    await snap(page, `desk-form-${label}`);
    await page.getByRole('button', { name: `File for ${student.name}` }).click();

    await expect(page.getByRole('heading', { name: `Complaint filed for ${student.name}` })).toBeFocused();
    const token = (await page.getByText(/^CMP-/).first().textContent())?.trim() ?? '';
    expect(token).toMatch(/^CMP-[A-Z0-9]+$/);
    await expectNoHorizontalScroll(page, `the token at the desk (${label})`);
    await snap(page, `desk-filed-${label}`);

    // the student was not at their phone: the token comes by mail
    const mail = await waitForMail(student.email, /filed at the desk/);
    expect(mail.subject).toContain(token);
    expect(mail.raw).toContain(clerk.name);

    // the student signs in and finds it on their dashboard, their own
    const context = await browser.newContext({ viewport });
    const own = await context.newPage();
    await loginThroughUi(own, 'student', student.email, student.password);
    await expect(own).toHaveURL(/\/student-dashboard$/);
    await expect(own.getByText(token).first()).toBeVisible();
    await expectNoHorizontalScroll(own, `the student's dashboard after a desk filing (${label})`);
    await snap(own, `desk-student-dashboard-${label}`);
    await own
      .getByRole('link', { name: `View ${token}` })
      .first()
      .click();
    await expect(own.getByText(`Filed at the desk by ${clerk.name}`)).toBeVisible();
    await snap(own, `desk-student-complaint-${label}`);
    await context.close();
  });
}
