import { MSG, MSG_CONVERSATION } from '@bit/contract';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectToast, snap, waitForMail } from './support/helpers';
import {
  approve,
  disposeContexts,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
  updateComplaint,
} from './support/sessions';

// Issue 17 end to end at phone size: a complaint with photos reaches the warden by mail, the two
// talk through it, the student reopens a resolution that fixed nothing and finally rates it.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const photo = async (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The complaint link a mail carries, made relative so the browser stays on the test server. */
function linkIn(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /https?:\/\/[^\s"<]+\/complaint-status\?token=(CMP-[A-Z0-9]+)/.exec(unfolded);
  if (!m) throw new Error(`no complaint link in the mail:\n${raw.slice(0, 2000)}`);
  return `/complaint-status?token=${m[1]}`;
}

async function postMessage(page: Page, text: string) {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expectToast(page, MSG_CONVERSATION.messageSent);
  await expect(page.getByRole('list', { name: 'History' }).getByText(text)).toBeVisible();
}

test.describe
  .serial('a complaint that talks back', () => {
    let student: TSession;
    let warden: TSession;
    let token = '';
    let id = 0;
    const hostel = 6;

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      student = await makeStudent('conv');
      warden = await makeAuthority('Warden', hostel);
      await approve(admin, warden);
    });

    test.afterAll(disposeContexts);

    test('a student files a complaint with two photos from a phone, and the warden in scope is mailed', async ({
      page,
    }) => {
      await signIn(page, student.token);
      await page.goto('/file-complaint');
      await page.getByLabel('Hostel number').selectOption(String(hostel));
      await page.getByLabel('Room number').fill('214');
      await page.getByLabel('Problem type').selectOption('Fan');
      await page.getByLabel('Description').fill('The ceiling fan wobbles and stops after a minute.');
      await page.getByLabel('Photos (optional)').setInputFiles([
        { name: 'fan-1.jpg', mimeType: 'image/jpeg', buffer: await photo('#93c5fd') },
        { name: 'fan-2.jpg', mimeType: 'image/jpeg', buffer: await photo('#fca5a5') },
      ]);
      await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);
      await snap(page, 'conversation-file-with-photos');
      await page.getByRole('button', { name: 'Submit Complaint' }).click();
      await expectToast(page, /^Complaint filed successfully! Token: CMP-[A-Z0-9]+$/);
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      token = new URL(page.url()).searchParams.get('token') ?? '';

      const timeline = page.getByRole('list', { name: 'History' });
      await expect(timeline.getByRole('button', { name: /^Photo \d of complaint/ })).toHaveCount(2);
      // the page fits the phone: nothing scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await snap(page, 'conversation-complaint-page-phone');

      const res = await student.api.get(`/api/complaints/${token}`);
      const data = (await res.json()).data;
      id = data.id;
      expect(data.attachments).toHaveLength(2);

      const mail = await waitForMail(warden.email, new RegExp(`new complaint ${token}`));
      expect(mail.raw).toContain('Category: Fan');
      expect(linkIn(mail.raw)).toBe(`/complaint-status?token=${token}`);
    });

    test('the warden replies from the complaint page, the student answers from the link in the mail', async ({
      browser,
    }) => {
      const wardenPage = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await signIn(wardenPage, warden.token);
      await wardenPage.goto(
        linkIn((await waitForMail(warden.email, new RegExp(`new complaint ${token}`))).raw),
      );
      await expect(wardenPage.getByText(token).first()).toBeVisible();
      await postMessage(wardenPage, 'An electrician will come at 4 pm today.');
      await wardenPage.close();

      const toStudent = await waitForMail(student.email, new RegExp(`new message on complaint ${token}`));
      expect(toStudent.raw).toContain('An electrician will come at 4 pm today.');
      const studentPage = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await signIn(studentPage, student.token);
      await studentPage.goto(linkIn(toStudent.raw));
      await postMessage(studentPage, 'Thank you, I will be in my room.');
      await studentPage.close();

      const toWarden = await waitForMail(warden.email, new RegExp(`new message on complaint ${token}`));
      expect(toWarden.raw).toContain('Thank you, I will be in my room.');
    });

    test('the warden resolves it, the student reopens with a reason, the warden resolves it again', async ({
      page,
    }) => {
      await updateComplaint(warden, id, 'Resolved', 'Fan capacitor replaced');
      await signIn(page, student.token);
      await page.goto(`/complaint-status?token=${token}`);
      await page.getByRole('button', { name: 'Reopen' }).click();
      const dialog = page.getByRole('dialog', { name: /Reopen complaint/ });
      await dialog.getByLabel('Reason').fill('It stopped again an hour later.');
      await snap(page, 'conversation-reopen-dialog');
      await dialog.getByRole('button', { name: 'Reopen complaint' }).click();
      await expectToast(page, MSG_CONVERSATION.reopened);
      await expect(
        page.getByRole('list', { name: 'History' }).getByText('It stopped again an hour later.'),
      ).toBeVisible();

      const reopened = await waitForMail(warden.email, new RegExp(`${token} was reopened`));
      expect(reopened.raw).toContain('It stopped again an hour later.');
      await updateComplaint(warden, id, 'Resolved', 'Fan replaced');
    });

    test('the student rates the resolution, after which it can no longer be reopened', async ({ page }) => {
      await signIn(page, student.token);
      await page.goto('/feedback');
      await page.getByLabel('Complaint', { exact: true }).selectOption({ label: `${token} — Fan` });
      // a tap on the fourth star (the radio itself is drawn by its star)
      const four = page.getByRole('radio', { name: '4 stars' });
      await page.locator('label', { has: four }).tap();
      await expect(four).toBeChecked();
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await expectToast(page, MSG.feedbackSubmitted);

      const refused = await student.api.post(`/api/complaints/${id}/reopen`, { data: { reason: 'again' } });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).message).toBe(MSG_CONVERSATION.cannotReopen);
    });
  });
