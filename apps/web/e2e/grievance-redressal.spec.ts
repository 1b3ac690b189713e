import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousViolations, PHONE } from './support/a11y';
import { expectToast, snap } from './support/helpers';
import {
  approve,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  signIn,
  type TSession,
} from './support/sessions';

// CONTRACT 7.1 and 7.2: the admin keeps the holidays and appoints a committee; a visitor reads the
// public grievance page, phone-sized and desktop-sized, without signing in.
test.describe.configure({ mode: 'serial' });

let admin: TSession;
let warden: TSession;
let other: TSession;
test.beforeAll(async () => {
  admin = await makeAdmin();
  warden = await makeAuthority('Warden', 3);
  other = await makeAuthority('Other');
  await approve(admin, warden);
  await approve(admin, other);
  // what this suite reads, set here whatever a suite before it left (grievances.spec.ts appoints an
  // SGRC and an Ombudsperson): an SGRC the admin is warned of and appoints, no Ombudsperson, and no
  // holidays this year or the next
  for (const committee of ['sgrc', 'ombudsperson']) {
    const res = await admin.api.put(`/api/admin/committees/${committee}`, { data: { members: [] } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const year = new Date().getFullYear();
  for (const y of [year, year + 1]) {
    const res = await admin.api.put(`/api/admin/calendar/${y}`, { data: { holidays: [] } });
    expect(res.status(), await res.text()).toBe(200);
  }
});
test.afterAll(disposeContexts);

const SGRC = "Students' Grievance Redressal Committee";

test('the admin is warned of empty committees, appoints the SGRC with its chair, and keeps the holidays', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, admin.token);
  await page.goto('/admin-dashboard');
  const warning = page.getByRole('region', { name: 'Committees without members' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('listitem').filter({ hasText: SGRC })).toBeVisible();
  await snap(page, 'grievances-dashboard-warning-1280');
  await warning.getByRole('link', { name: 'Appoint members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance committees' })).toBeVisible();

  const sgrc = page.getByRole('region', { name: SGRC });
  const add = sgrc.getByLabel(`Add to the ${SGRC}`);
  await add.selectOption({ label: `${warden.name} (Warden, Hostel 3)` });
  await sgrc.getByRole('button', { name: 'Add' }).click();
  await add.selectOption({ label: `${other.name} (Other)` });
  await sgrc.getByRole('button', { name: 'Add' }).click();
  // the warden, first added, took the chair: the admin gives it to the other member
  await sgrc
    .getByRole('listitem')
    .filter({ hasText: other.name })
    .getByRole('radio', { name: 'Chairperson' })
    .check();
  await sgrc.getByRole('button', { name: `Save ${SGRC}` }).click();
  await expectToast(page, `${SGRC} saved`);
  await expect(sgrc.getByText('Not saved yet')).toBeHidden();
  await snap(page, 'grievances-committees-1280');

  // the holidays of this year: one added, saved, still there when the screen is opened again
  const year = new Date().getFullYear();
  await page.goto('/holidays');
  await expect(page.getByRole('heading', { level: 1, name: 'Holidays' })).toBeVisible();
  await expect(page.getByText(/A grievance submitted now is due by/)).toBeVisible();
  await page.getByRole('button', { name: 'Add a holiday' }).click();
  await page.getByLabel('Date').last().fill(`${year}-12-25`);
  await page.getByLabel('Name').last().fill('Christmas');
  await page.getByRole('button', { name: `Save holidays of ${year}` }).click();
  await expectToast(page, `Holidays of ${year} saved`);
  await snap(page, 'grievances-holidays-1280');
  await page.reload();
  await expect(page.getByLabel('Name').last()).toHaveValue('Christmas');
  // another year is its own
  await page.getByLabel('Year').selectOption(String(year + 1));
  await expect(page.getByText(`No holidays in ${year + 1} yet.`)).toBeVisible();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`a visitor finds the grievance page from the home page and reads the committees at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Grievance redressal' }).click();
    await expect(page).toHaveURL(/\/grievance-redressal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grievance Redressal' })).toBeVisible();
    const sgrc = page.getByRole('heading', { name: SGRC, level: 3 }).locator('..');
    await expect(sgrc.getByRole('listitem').filter({ hasText: other.name })).toContainText('Chairperson');
    await expect(sgrc.getByRole('listitem').filter({ hasText: warden.name })).toContainText('Member');
    await expect(page.getByText('The Ombudsperson is being appointed.')).toBeVisible();
    await expect(page.getByText(/within 15 working days of its submission/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to submit a grievance' })).toBeVisible();
    // names and designations, never an email
    await expect(page.locator('body')).not.toContainText(warden.email);
    await expect(page.locator('body')).not.toContainText(other.email);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Grievance redressal' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page, `grievance page at ${viewport.width}`);
    await expectNoSeriousViolations(page, `grievance page at ${viewport.width}`);
    await snap(page, `grievances-public-${viewport.width}`);
  });
}
