import { MSG_SEARCH } from '@bit/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalScroll, PHONE } from './support/a11y';
import { snap, unique } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
} from './support/sessions';

// Issue 35 (CONTRACT 6.2) on a 360 by 740 phone: a warden finds a complaint by a word of one of its
// messages and by its student's roll number; the admin by the roll number; the search stays in ?q=.

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const hostel = 11;

async function search(page: Page, text: string) {
  const box = page.getByLabel('Search complaints');
  await box.fill(text);
  // the list follows once typing pauses, and the address keeps the search
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

test.describe
  .serial('search on the complaint lists', () => {
    let admin: TSession;
    let warden: TSession;
    let asha: TSession;
    let ravi: TSession;
    let ashaRoll = '';
    let kettle: { token: string; id: number };
    let fan: { token: string; id: number };
    // a word no other test writes
    const word = `kettle${unique()}`;

    test.beforeAll(async () => {
      admin = await makeAdmin();
      warden = await makeAuthority('Warden', hostel);
      await approve(admin, warden);
      asha = await makeStudent('srch');
      ravi = await makeStudent('srch');
      const me = await asha.api.get('/api/auth/check-auth');
      ashaRoll = ((await me.json()) as { user: { rollNo: string } }).user.rollNo;
      kettle = await fileComplaint(asha, {
        type: 'Hostel',
        hostelNo: hostel,
        roomNo: '118',
        subType: 'Electrical',
        description: 'The socket near the window sparks when anything is plugged in.',
      });
      fan = await fileComplaint(ravi, {
        type: 'Hostel',
        hostelNo: hostel,
        roomNo: '119',
        subType: 'Fan',
        description: 'The fan regulator is stuck on the highest speed.',
      });
      const said = await asha.api.post(`/api/complaints/${kettle.id}/messages`, {
        data: { body: `It trips the whole floor when my ${word} is on.` },
      });
      expect(said.status(), await said.text()).toBe(201);
    });

    test.afterAll(disposeContexts);

    test('the warden finds a complaint by a word of its message, then by a roll number', async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto('/manage-complaints');
      const list = page.getByRole('main');
      await expect(list.getByText(fan.token)).toBeVisible();

      await search(page, word.toUpperCase());
      await expect(list.getByText(kettle.token)).toBeVisible();
      await expect(list.getByText(fan.token)).toHaveCount(0);
      await expect(page.getByText('1 complaint', { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page, 'search by a word of a message');
      await snap(page, 'search-message-word-phone');

      await search(page, ashaRoll);
      await expect(list.getByText(kettle.token)).toBeVisible();
      await expect(list.getByText(fan.token)).toHaveCount(0);

      // the search survives a reload: it is in the address
      await page.reload();
      await expect(page.getByLabel('Search complaints')).toHaveValue(ashaRoll);
      await expect(list.getByText(kettle.token)).toBeVisible();
    });

    test('nothing matching says so, and Clear search brings the list back', async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto(`/manage-complaints?q=${encodeURIComponent(`${word} regulator`)}`);
      await expect(page.getByText(`${MSG_SEARCH.noMatch} “${word} regulator”.`)).toBeVisible();
      await expectNoHorizontalScroll(page, 'no complaints match');
      await snap(page, 'search-no-match-phone');
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page).not.toHaveURL(/q=/);
      await expect(page.getByLabel('Search complaints')).toHaveValue('');
      await expect(page.getByRole('main').getByText(fan.token)).toBeVisible();
    });

    test('the admin finds the complaints of a roll number, and the student their own by a word', async ({
      page,
    }) => {
      await signIn(page, admin.token);
      await page.goto(`/view-complaints?q=${encodeURIComponent(ashaRoll.toLowerCase())}`);
      await expect(page.getByRole('main').getByText(kettle.token)).toBeVisible();
      await expect(page.getByRole('main').getByText(fan.token)).toHaveCount(0);
      await expectNoHorizontalScroll(page, 'admin search');

      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signIn(page, asha.token);
      await page.goto('/student-dashboard');
      await search(page, 'sparks');
      await expect(page.getByRole('main').getByText(kettle.token)).toBeVisible();
    });
  });
