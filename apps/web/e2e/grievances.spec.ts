import { type Browser, expect, type Page, test } from '@playwright/test';
import { DESKTOP, expectNoHorizontalScroll, PHONE } from './support/a11y';
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

// CONTRACT 7.2: a student submits a grievance, an SGRC member hears and decides it, the student
// appeals, the Ombudsperson decides; at a phone's width and a laptop's.
test.describe.configure({ mode: 'serial' });

let admin: TSession;
let member: TSession;
let ombudsperson: TSession;
test.beforeAll(async () => {
  admin = await makeAdmin();
  member = await makeAuthority('Other');
  ombudsperson = await makeAuthority('Other');
  await approve(admin, member);
  await approve(admin, ombudsperson);
  for (const [committee, who] of [
    ['sgrc', member],
    ['ombudsperson', ombudsperson],
  ] as const) {
    const res = await admin.api.put(`/api/admin/committees/${committee}`, {
      data: { members: [{ userId: who.id, chair: true }] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
});
test.afterAll(disposeContexts);

async function pageAs(browser: Browser, who: TSession, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, who.token);
  return page;
}

async function decide(page: Page, form: string, outcome: string, text: string) {
  const decision = page.getByRole('form', { name: form });
  await decision.getByLabel('Outcome').selectOption(outcome);
  await decision.getByRole('textbox').fill(text);
  await decision.getByRole('button', { name: form }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Record it' }).click();
}

for (const viewport of [PHONE, DESKTOP]) {
  const w = viewport.width;
  test(`a grievance is submitted, heard, decided, appealed and the appeal decided at ${w} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const student = await makeStudent('grv');
    const subject = `Hostel fee refund ${w}`;

    // the student, from the dashboard's list, submits a grievance
    const mine = await pageAs(browser, student, viewport);
    await mine.goto('/student-dashboard');
    const list = mine.getByRole('region', { name: 'My Grievances' });
    await expect(list.getByText('You have not submitted any grievances.')).toBeVisible();
    await list.getByRole('link', { name: 'Submit a grievance' }).click();
    await expect(mine.getByRole('heading', { level: 1, name: 'Submit a grievance' })).toBeVisible();
    await mine.getByLabel('Category').selectOption('Ragging');
    await expect(mine.getByLabel('Report anonymously')).toBeVisible();
    await mine.getByLabel('Category').selectOption('Fees and refunds');
    await expect(mine.getByLabel('Report anonymously')).toBeHidden();
    await mine.getByLabel('Subject').fill(subject);
    await mine
      .getByLabel('Description')
      .fill('My hostel fee refund for the last semester has been pending for three months.');
    await snap(mine, `grievances-form-${w}`);
    await mine.getByRole('button', { name: 'Submit grievance' }).click();
    await expectToast(mine, 'Grievance submitted');
    const heading = mine.getByRole('heading', { level: 1, name: /^Grievance GRV-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? '').replace('Grievance ', '');
    const next = mine.getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText('The committee hears your grievance and decides it by');
    await expect(next).toContainText(/IST/);
    await expectNoHorizontalScroll(mine, `grievance page at ${w}`);
    await snap(mine, `grievances-submitted-${w}`);
    const address = mine.url();

    // the SGRC member finds it in their list, schedules the hearing and decides
    const sgrc = await pageAs(browser, member, viewport);
    await sgrc.goto('/grievances');
    await expect(sgrc.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible();
    if (w === PHONE.width) await sgrc.getByRole('button', { name: 'Filters' }).click();
    await sgrc.getByLabel('Search').fill(number);
    // the search applies once typing pauses: the list is the search's before a row is opened
    await expect(sgrc).toHaveURL(/q=GRV/);
    await expect(sgrc.getByText('1 grievance', { exact: true })).toBeVisible();
    await snap(sgrc, `grievances-list-${w}`);
    await sgrc.getByRole('link', { name: number }).click();
    await expect(sgrc.getByRole('heading', { level: 1, name: `Grievance ${number}` })).toBeVisible();
    const year = new Date().getFullYear() + 1;
    const hearing = sgrc.getByRole('form', { name: 'Schedule the hearing' });
    await hearing.getByLabel('Hearing date and time').fill(`${year}-01-15T10:30`);
    await hearing.getByLabel('Place').fill('Committee room, Main Building');
    await hearing.getByRole('button', { name: 'Schedule hearing' }).click();
    await expectToast(sgrc, 'Hearing scheduled');
    await expect(sgrc.getByText(/Committee room, Main Building/).first()).toBeVisible();
    await decide(
      sgrc,
      'Record the decision',
      'Not upheld',
      'The refund was processed as the fee rules require; it reaches the account in March.',
    );
    await expectToast(sgrc, 'Decision recorded');
    await snap(sgrc, `grievances-decided-committee-${w}`);

    // the student appeals within 15 days
    await mine.goto(address);
    await expect(mine.getByRole('region', { name: 'What happens next' })).toContainText(
      'You may appeal to the Ombudsperson until',
    );
    await mine
      .getByLabel('Why you appeal the decision')
      .fill('The refund has not reached my account and the rules were not applied to my case.');
    await mine.getByRole('button', { name: 'Appeal to the Ombudsperson' }).click();
    await expectToast(mine, 'Appeal submitted');
    await expect(mine.getByRole('region', { name: 'What happens next' })).toContainText(
      'The Ombudsperson decides your appeal by',
    );

    // the Ombudsperson decides the appeal, finally
    const ombud = await pageAs(browser, ombudsperson, viewport);
    await ombud.goto('/grievances');
    await ombud.getByRole('link', { name: number }).click();
    await expect(ombud.getByRole('heading', { level: 1, name: `Grievance ${number}` })).toBeVisible();
    await decide(
      ombud,
      'Decide the appeal',
      'Upheld',
      'The refund is to be paid within seven days, with the delay explained to the student.',
    );
    await expectToast(ombud, 'Appeal decided');
    await snap(ombud, `grievances-appeal-decided-${w}`);

    // the student reads the whole timeline, oldest first
    await mine.goto(address);
    await expect(mine.getByRole('region', { name: 'What happens next' })).toContainText(
      "The Ombudsperson's decision is final.",
    );
    const steps = mine.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(steps.first()).toContainText('Submitted');
    await expect(steps.last()).toContainText('Appeal decided');
    await expectNoHorizontalScroll(mine, `grievance page decided at ${w}`);
    await snap(mine, `grievances-final-${w}`);
    await mine.goto('/student-dashboard');
    await expect(
      mine.getByRole('region', { name: 'My Grievances' }).getByRole('link', { name: number }),
    ).toBeVisible();
    await snap(mine, `grievances-dashboard-${w}`);
  });
}
