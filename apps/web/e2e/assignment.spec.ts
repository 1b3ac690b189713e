import { MSG_ASSIGN } from '@bit/contract';
import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousViolations, PHONE } from './support/a11y';
import { snap, waitForMail } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
} from './support/sessions';

// CONTRACT 7.5 end to end: a Warden assigns a complaint of their hostel to an authority of another
// department (a Network Department officer, signed up and approved through the API), who is mailed,
// signs in, finds it under "Assigned to me" although it is out of their scope, and updates it; the
// history says who assigned it. On a phone and a laptop.

test.afterAll(disposeContexts);

for (const [label, viewport] of [
  ['phone', PHONE],
  ['laptop', DESKTOP],
] as const) {
  test(`a warden assigns a complaint to an officer of another department, who updates it (${label})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await makeAdmin();
    const hostel = label === 'phone' ? 12 : 13;
    const warden = await makeAuthority('Warden', hostel);
    const officer = await makeAuthority('Network Department');
    await approve(admin, warden);
    await approve(admin, officer);
    const student = await makeStudent();
    // an Electrical complaint: not a network problem, so out of the officer's own scope
    const filed = await fileComplaint(student, {
      type: 'Hostel',
      hostelNo: hostel,
      roomNo: '204',
      subType: 'Electrical',
      description: 'The socket by the desk sparks when a charger goes in.',
    });

    // the warden: the manage list, Update, Assign, find the officer by name
    await signIn(page, warden.token);
    await page.goto('/manage-complaints');
    // a card on a phone, a table row on a laptop: one of the two is in the page
    const row = page.getByRole(label === 'phone' ? 'listitem' : 'row').filter({ hasText: filed.token });
    await expect(row.getByText('Unassigned')).toBeVisible();
    await page.getByRole('button', { name: `Update ${filed.token}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Complaint' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.getByLabel('Find an authority by name').fill(officer.name);
    await dialog.getByRole('button', { name: `Assign to ${officer.name}` }).click();
    await expect(page.getByText(MSG_ASSIGN.assigned).first()).toBeVisible();
    await expect(dialog.getByTestId('assignee')).toHaveText(`${officer.name} (Network Department)`);
    await expectNoHorizontalScroll(page, `the assign control (${label})`);
    await expectNoSeriousViolations(page, `the assign control (${label})`);
    await snap(page, `assignment-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText(`${officer.name} (Network Department)`, { exact: false })).toBeVisible();
    await expectNoHorizontalScroll(page, `the manage list with an assignee (${label})`);
    await snap(page, `assignment-list-${label}`);

    // the officer is mailed
    const mail = await waitForMail(officer.email, /assigned to you/);
    expect(mail.subject).toContain(filed.token);

    // the officer: "Assigned to me" on the dashboard, then the list filtered to theirs
    const officerContext = await browser.newContext({ viewport });
    const officerPage = await officerContext.newPage();
    await signIn(officerPage, officer.token);
    await officerPage.goto('/authority-dashboard');
    // beside the scope's counts, which add up to their total: this one is outside the officer's scope
    await expect(officerPage.locator('p', { hasText: 'Assigned to me:' })).toContainText('Assigned to me: 1');
    await snap(officerPage, `assignment-dashboard-${label}`);
    await officerPage.getByRole('link', { name: 'Show mine' }).click();
    await expect(officerPage.getByLabel('Assignee')).toHaveValue('me');
    await expect(officerPage.getByText(filed.token).first()).toBeVisible();
    await expectNoHorizontalScroll(officerPage, `the officer's assigned list (${label})`);
    await snap(officerPage, `assignment-mine-${label}`);

    // and updates it, though it is no network problem
    await officerPage.getByRole('button', { name: `Update ${filed.token}` }).click();
    const officerDialog = officerPage.getByRole('dialog', { name: 'Update Complaint' });
    await officerDialog.getByLabel('Status').selectOption('In Progress');
    await officerDialog.getByLabel('Remarks').fill('Electrician sent with a new socket.');
    await officerDialog.getByRole('button', { name: 'Save' }).click();
    await expect(officerDialog).toBeHidden();

    // the complaint's page: the history line of the assignment, by the warden, then the update
    await officerPage.goto(`/complaint-status?token=${encodeURIComponent(filed.token)}`);
    await expect(officerPage.getByText(MSG_ASSIGN.assignedTo(officer.name)).first()).toBeVisible();
    await expect(officerPage.getByText('Electrician sent with a new socket.').first()).toBeVisible();
    await expectNoHorizontalScroll(officerPage, `the complaint's history (${label})`);
    await snap(officerPage, `assignment-history-${label}`);
    await officerContext.close();
  });
}
