import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalScroll, PHONE } from './support/a11y';
import { expectToast, snap } from './support/helpers';
import {
  approve,
  disposeContexts,
  loginThroughUi,
  makeAdmin,
  makeAuthority,
  makeStudent,
  PASSWORD,
  signIn,
  type TSession,
} from './support/sessions';

// CONTRACT 7.3 (issue 53): an anonymous ragging report, at a phone's width, answered by the
// Anti-Ragging Committee, who never learn who sent it, and read by its student; the admin sees none
// of it, only that a member opened it.
test.describe.configure({ mode: 'serial' });

let admin: TSession;
let member: TSession;
test.beforeAll(async () => {
  admin = await makeAdmin();
  member = await makeAuthority('Other');
  await approve(admin, member);
  // the committee this suite reads, set here whatever another suite appointed before it
  const res = await admin.api.put('/api/admin/committees/anti-ragging', {
    data: { members: [{ userId: member.id, chair: true }] },
  });
  expect(res.status(), await res.text()).toBe(200);
});
test.afterAll(disposeContexts);

async function phonePage(browser: Browser, who?: TSession) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  if (who) await signIn(page, who.token);
  return page;
}

/** The whole text of the page, hidden parts too (a folded filter, a screen reader's caption). */
const wholeText = (page: Page) => page.locator('body').evaluate((b) => b.textContent ?? '');

async function expectNothingOf(page: Page, secrets: readonly string[], where: string) {
  const text = await wholeText(page);
  for (const secret of secrets) expect(text, `${where} names "${secret}"`).not.toContain(secret);
}

test('an anonymous ragging report is answered by the committee, who never see who sent it, and read by its student at 360 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await makeStudent('rag');
  // makeStudent's student is "Student <id>", roll number "BTECH/<id>" (newStudent): the student's
  // own page below shows both, which proves the derivation
  const id = student.name.replace('Student ', '');
  const rollNo = `BTECH/${id}`;
  const secrets = [student.name, rollNo, student.email, id];
  const subject = `Seniors at the mess ${id.slice(-4)}`;
  const studentWrites = 'It happens every night after dinner, near the second-floor common room.';
  const committeeWrites =
    'Thank you for telling us. A committee member will be at the common room after dinner from tonight.';

  // the student reports ragging anonymously
  const mine = await phonePage(browser, student);
  await mine.goto('/grievances/new');
  await expect(mine.getByRole('heading', { level: 1, name: 'Submit a grievance' })).toBeVisible();
  await mine.getByLabel('Category').selectOption('Ragging');
  await mine.getByLabel('Subject').fill(subject);
  await mine
    .getByLabel('Description')
    .fill('Two seniors make first-year students stand in the corridor and sing until midnight.');
  await mine.getByLabel('Report anonymously').check();
  await expectNoHorizontalScroll(mine, 'the anonymous report form at 360');
  await snap(mine, 'confidential-form-360');
  await mine.getByRole('button', { name: 'Submit grievance' }).click();
  await expectToast(mine, 'Grievance submitted');
  const heading = mine.getByRole('heading', { level: 1, name: /^Grievance GRV-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Grievance ', '');
  const address = new URL(mine.url()).pathname;
  const grievanceId = Number(address.split('/').pop());
  expect(grievanceId).toBeGreaterThan(0);
  // it is theirs: their name and roll number, and what the committee sees instead
  await expect(mine.getByText(`${student.name} (${rollNo})`)).toBeVisible();
  await expect(mine.getByText(/reported anonymously: the committee sees “Anonymous”/)).toBeVisible();
  // and the student writes to the committee before it answers
  await mine.getByLabel('Your message').fill(studentWrites);
  await mine.getByRole('button', { name: 'Send message' }).click();
  await expectToast(mine, 'Message sent');
  await expect(mine.getByRole('list', { name: 'Messages' })).toContainText(studentWrites);

  // the committee's member finds it in their list: "Anonymous", nothing of the student
  const committee = await phonePage(browser, member);
  await committee.goto('/grievances');
  await expect(committee.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible();
  const row = committee.getByRole('listitem').filter({ has: committee.getByRole('link', { name: number }) });
  await expect(row).toContainText('Ragging · Anonymous');
  await expectNothingOf(committee, secrets, "the committee's list");
  await expectNoHorizontalScroll(committee, "the committee's list at 360");
  await snap(committee, 'confidential-committee-list-360');

  // opens it: "Anonymous" as the student and as the author of the student's message
  await row.getByRole('link', { name: number }).click();
  await expect(committee.getByRole('heading', { level: 1, name: `Grievance ${number}` })).toBeVisible();
  await expect(committee.getByText(subject)).toBeVisible();
  await expect(
    committee.locator('dt', { hasText: 'Student' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Anonymous');
  const messages = committee.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText(studentWrites);
  await expect(messages.first()).toContainText(/^Anonymous · /);
  await expectNothingOf(committee, secrets, "the committee's grievance page");

  // and answers
  await committee.getByLabel('Your message').fill(committeeWrites);
  await committee.getByRole('button', { name: 'Send message' }).click();
  await expectToast(committee, 'Message sent');
  await expect(messages).toHaveCount(2);
  await expect(messages.last()).toContainText(committeeWrites);
  await expect(messages.last()).toContainText(member.name);
  await expectNothingOf(committee, secrets, 'the grievance page after the answer');
  await expectNoHorizontalScroll(committee, "the committee's grievance page at 360");
  await snap(committee, 'confidential-committee-answered-360');

  // the student signs in on another phone, opens the report from the dashboard and reads the answer
  const again = await phonePage(browser);
  await loginThroughUi(again, 'student', student.email, PASSWORD);
  await expect(again).toHaveURL(/\/student-dashboard$/);
  await again.getByRole('region', { name: 'My Grievances' }).getByRole('link', { name: number }).click();
  await expect(again.getByRole('heading', { level: 1, name: `Grievance ${number}` })).toBeVisible();
  await expect(again.getByText(`${student.name} (${rollNo})`)).toBeVisible();
  const read = again.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(read).toHaveCount(2);
  // their own message under their own name; the committee's under its member's
  await expect(read.first()).toContainText(student.name);
  await expect(read.first()).toContainText(studentWrites);
  await expect(read.last()).toContainText(member.name);
  await expect(read.last()).toContainText(committeeWrites);
  await expectNoHorizontalScroll(again, "the student's grievance page at 360");
  await snap(again, 'confidential-student-reads-360');

  // the admin: no content at the grievance's address, from the screen or the API
  const adminPage = await phonePage(browser, admin);
  await adminPage.goto(address);
  // the grievance's page is not an admin's (the router's answer to another role; the server's is 404)
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('This page is not available to you');
  await expectNothingOf(adminPage, [subject, studentWrites, committeeWrites, ...secrets], "the admin's page");
  await snap(adminPage, 'confidential-admin-grievance-360');
  expect((await admin.api.get(`/api/grievances/${grievanceId}`)).status()).toBe(404);

  // only that the member opened it: in the audit log, the grievance as target, none of its content
  await adminPage.goto(`/audit-log?action=grievance.view&actor=${member.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const entries = adminPage.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  // one entry each time the member's screen fetched the grievance (opened, then fetched again after the answer)
  for (const entry of await entries.all()) {
    await expect(entry.getByRole('heading', { name: 'Confidential grievance opened' })).toBeVisible();
    await expect(entry).toContainText(member.name);
    await expect(entry).toContainText(`Grievance #${grievanceId}`);
  }
  await expectNothingOf(
    adminPage,
    [subject, number, studentWrites, committeeWrites, ...secrets],
    "the admin's audit log",
  );
  await expectNoHorizontalScroll(adminPage, 'the audit log at 360');
  await snap(adminPage, 'confidential-audit-log-360');
});
