import { MSG, MSG_REPLIES } from '@bit/contract';
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE } from './support/a11y';
import { expectToast, snap } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
} from './support/sessions';

// CONTRACT 7.5 end to end: a warden keeps a saved reply, then answers a complaint with it, filled in
// for that complaint and edited before it is sent; on a phone and on a laptop.

test.afterAll(disposeContexts);

for (const [label, viewport] of [
  ['phone', PHONE],
  ['laptop', DESKTOP],
] as const) {
  test(`a warden saves a reply and answers a complaint with it (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const admin = await makeAdmin();
    const warden = await makeAuthority('Warden', 9);
    await approve(admin, warden);
    const student = await makeStudent('replies');
    const { token } = await fileComplaint(student, {
      type: 'Hostel',
      hostelNo: 9,
      roomNo: '909',
      subType: 'Electrical',
      description: 'The corridor light flickers',
    });

    await signIn(page, warden.token);
    await page.goto('/saved-replies');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
    await page.getByLabel('Title').fill('Technician visit');
    await page.getByLabel('Reply text').fill('Dear {student}, an electrician will look at {token}.');
    await page.getByRole('button', { name: 'Add reply' }).click();
    await expectToast(page, MSG_REPLIES.added);
    await expect(page.getByRole('heading', { level: 3, name: 'Technician visit' })).toBeVisible();
    await snap(page, `saved-replies-list-${label}`);

    await page.goto('/manage-complaints');
    await page.getByRole('button', { name: `Update ${token}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Complaint' });
    await expect(dialog).toBeVisible();
    const picker = dialog.getByLabel('Insert a saved reply');
    // the list is asked on the picker's first use (a tap, focus), not as the dialog opens
    await picker.focus();
    await expect(picker.getByRole('option', { name: 'Technician visit' })).toBeAttached();
    await picker.selectOption({ label: 'Technician visit' });
    const remarks = dialog.getByLabel('Remarks');
    const filled = `Dear ${student.name}, an electrician will look at ${token}.`;
    await expect(remarks).toHaveValue(filled);
    await expect(remarks).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' Tomorrow, 10 am.');
    await dialog.getByLabel('Status').selectOption('In Progress');
    await snap(page, `saved-replies-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, MSG.statusUpdated);
    await expect(dialog).toBeHidden();

    await page.goto(`/complaint-status?token=${token}`);
    await expect(page.getByText(`${filled} Tomorrow, 10 am.`).first()).toBeVisible();
    await snap(page, `saved-replies-complaint-${label}`);
  });
}
