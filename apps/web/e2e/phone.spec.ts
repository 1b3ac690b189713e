import { expect, type Locator, type Page, test } from '@playwright/test';
import { MSG_COMPLAINT } from '../../../packages/contract/src/complaints';
import { expectNoHorizontalScroll, PHONE } from './support/a11y';
import { snap, waitForMail } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
  updateComplaint,
} from './support/sessions';

// A student (and a warden) on a 360 by 740 phone: complaint lists as cards, dates in en-IN, the menu and
// footer of each role, rating a resolution, and the small defects of the status page and the pager.

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/**
 * Nothing on the page scrolls sideways, the page itself nor any box inside it (the table's scroll box
 * hid Status at x=486 and the warden's Update at x=1122 before).
 */
async function expectNothingScrollsSideways(page: Page, label: string) {
  await expectNoHorizontalScroll(page, label);
  const inner = await page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const overflow = getComputedStyle(el).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.className}]`),
  );
  expect(inner, `${label}: boxes that scroll sideways`).toEqual([]);
}

/** The element is on the screen horizontally, reachable without scrolling sideways. */
async function expectWithinScreenWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

// "24 Nov 2026", and with its time "24 Nov 2026, 14:05 IST" (en-IN, 24-hour, no seconds)
const DAY = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{4}\b/;
const INSTANT = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, [0-2]\d:[0-5]\d IST$/;

test.describe
  .serial('a student and a warden on a phone', () => {
    let admin: TSession;
    let student: TSession;
    let warden: TSession;
    let openToken: string;
    let resolvedToken: string;

    test.beforeAll(async () => {
      admin = await makeAdmin();
      student = await makeStudent('phone');
      warden = await makeAuthority('Warden', 6);
      await approve(admin, warden);
      const open = await fileComplaint(student, {
        type: 'Hostel',
        hostelNo: 6,
        roomNo: 'C-118',
        subType: 'Fan',
        description: 'The ceiling fan makes a grinding noise at every speed, all night long.',
      });
      openToken = open.token;
      const resolved = await fileComplaint(student, {
        type: 'Hostel',
        hostelNo: 6,
        roomNo: 'C-118',
        subType: 'Plumbing',
        description: 'The tap in the washroom leaks.',
      });
      resolvedToken = resolved.token;
      await updateComplaint(warden, resolved.id, 'Resolved', 'Washer replaced');
    });

    test.afterAll(disposeContexts);

    test('the student dashboard shows cards with status and actions, with no sideways scrolling and no pager for one page', async ({
      page,
    }) => {
      await signIn(page, student.token);
      await page.goto('/student-dashboard');
      const list = page.getByRole('list', { name: 'Your complaints' });
      await expect(list).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      const card = list.getByRole('listitem').filter({ hasText: openToken });
      await expect(card.getByRole('heading', { name: openToken })).toBeVisible();
      await expectWithinScreenWidth(card.getByText('Pending', { exact: true }));
      await expect(card).toContainText('Fan · Hostel 6, room C-118');
      await expect(card).toContainText(/Filed .+ · (just now|\d+ minutes? ago)/);
      await expect(card).toContainText(DAY);
      await expectWithinScreenWidth(card.getByRole('link', { name: `View ${openToken}` }));
      await expectNothingScrollsSideways(page, 'student dashboard');
      // two complaints: one page, so no "Page 1 of 1" between two disabled buttons
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
      await expect(page.getByText('Page 1 of 1')).toHaveCount(0);
      await snap(page, 'phone-student-dashboard');
    });

    test("the warden's Update button is on the screen, and the update dialog opens from the card", async ({
      page,
    }) => {
      await signIn(page, warden.token);
      await page.goto('/manage-complaints');
      const list = page.getByRole('list', { name: 'Hostel 6 Complaints' });
      const card = list.getByRole('listitem').filter({ hasText: openToken });
      await expect(card).toContainText('Pending');
      await expect(card).toContainText(student.name);
      // headings step down one level at a time (h1, then the cards' h2), as Lighthouse's audit asks
      await expect(card.getByRole('heading', { level: 2, name: openToken })).toBeVisible();
      const update = card.getByRole('button', { name: `Update ${openToken}` });
      await expectWithinScreenWidth(update);
      await expectNothingScrollsSideways(page, 'manage complaints');
      await snap(page, 'phone-manage-complaints');
      await update.click();
      await expect(page.getByRole('dialog', { name: 'Update Complaint' })).toBeVisible();
    });

    test("the warden's counts: two columns, Overdue first, every status adding up to the total, on the first screen", async ({
      page,
    }) => {
      await signIn(page, warden.token);
      await page.goto('/authority-dashboard');
      const counts = page.getByRole('list', { name: 'Complaint counts' });
      const cards = counts.getByRole('listitem');
      await expect(cards).toHaveCount(6);
      await expect(cards.nth(1)).not.toContainText('—');
      const read = await cards.evaluateAll((items) =>
        items.map((li) => {
          const [label, value] = [...li.querySelectorAll('p')].map((p) => p.textContent ?? '');
          const r = li.getBoundingClientRect();
          return { label, value: Number(value), x: r.x, y: r.y, bottom: r.bottom, right: r.right };
        }),
      );
      expect(read.map((c) => c.label)).toEqual([
        'Overdue',
        'Total Complaints',
        'Pending',
        'In Progress',
        'Resolved',
        'Rejected',
      ]);
      const [, total, ...statuses] = read;
      expect(statuses.reduce((sum, c) => sum + c.value, 0)).toBe(total!.value);
      // two a row: the second beside the first, the third below them
      expect(read[1]!.y).toBe(read[0]!.y);
      expect(read[1]!.x).toBeGreaterThan(read[0]!.x);
      expect(read[2]!.y).toBeGreaterThan(read[0]!.y);
      // Overdue and the total above the fold of a 740 px phone, nothing wider than the screen
      expect(read[0]!.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(read[1]!.bottom).toBeLessThanOrEqual(PHONE.height);
      for (const c of read) expect(c.right).toBeLessThanOrEqual(PHONE.width);
      await expectNothingScrollsSideways(page, 'authority dashboard');
      await snap(page, 'phone-authority-dashboard-counts');
    });

    test('the admin list is cards too', async ({ page }) => {
      await signIn(page, admin.token);
      await page.goto('/view-complaints?hostelNo=6');
      const card = page.getByRole('list', { name: 'Complaints' }).getByRole('listitem').filter({
        hasText: openToken,
      });
      await expect(card.getByRole('heading', { level: 2, name: openToken })).toBeVisible();
      await expectWithinScreenWidth(card.getByRole('link', { name: `View ${openToken}` }));
      await expectNothingScrollsSideways(page, 'view complaints');
    });

    test("the admin's Authorities and Reports scroll nothing sideways either", async ({ page }) => {
      await signIn(page, admin.token);
      await page.goto('/manage-authorities');
      const card = page.getByRole('list', { name: 'Authorities' }).getByRole('listitem').filter({
        hasText: warden.name,
      });
      await expectWithinScreenWidth(card.getByRole('button', { name: `Revoke ${warden.name}` }));
      await expectNothingScrollsSideways(page, 'manage authorities');
      await page.goto('/reports');
      await expect(page.getByRole('list', { name: 'By category' })).toBeVisible();
      await expectNothingScrollsSideways(page, 'reports');
      await snap(page, 'phone-reports');
    });

    test('the status page writes its dates in en-IN, day month year with a 24-hour time, and its token once', async ({
      page,
    }) => {
      await signIn(page, student.token);
      await page.goto(`/complaint-status?token=${openToken}`);
      await expect(page.getByRole('heading', { name: `Complaint ${openToken}` })).toBeVisible();
      for (const label of ['Filed on', 'Last updated', 'Due by']) {
        const value = page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
        await expect(value).toHaveText(INSTANT);
      }
      await expect(page.getByRole('list', { name: 'History' }).locator('time').first()).toHaveText(INSTANT);
      // the heading says the token; no second "Token" field, no third copy
      await expect(page.getByText(openToken, { exact: true })).toHaveCount(1);
      await expect(page.locator('dt', { hasText: /^Token$/ })).toHaveCount(0);
      await expectNothingScrollsSideways(page, 'status page');
      await snap(page, 'phone-status-page');
    });

    test('"Invalid token" is said once', async ({ page }) => {
      await signIn(page, student.token);
      await page.goto('/complaint-status?token=not-a-token');
      await expect(page.getByRole('alert').filter({ hasText: MSG_COMPLAINT.tokenInvalid })).toBeVisible();
      // give a toast time to come, if one were coming
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(MSG_COMPLAINT.tokenInvalid, { exact: true })).toHaveCount(1);
      await snap(page, 'phone-invalid-token');
    });

    test("a student's menu has Complaint Status and Feedback, and the footer the student links", async ({
      page,
    }) => {
      await signIn(page, student.token);
      await page.goto('/student-dashboard');
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Main' });
      await expect(menu.getByRole('link', { name: 'Complaint Status' })).toBeVisible();
      await menu.getByRole('link', { name: 'Feedback' }).click();
      await expect(page).toHaveURL(/\/feedback$/);
      await expect(page.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'File Complaint' })).toHaveAttribute(
        'href',
        '/file-complaint',
      );
      await expect(footer.getByRole('link', { name: 'Complaint Status' })).toHaveAttribute(
        'href',
        '/complaint-status',
      );
      await expect(footer.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    });

    test("others' footers have no student links, and the admin's menu has Complaints and Authorities", async ({
      page,
    }) => {
      await signIn(page, warden.token);
      await page.goto('/authority-dashboard');
      await expect(page.getByRole('heading', { name: `Welcome, ${warden.name}` })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      for (const name of ['File Complaint', 'Complaint Status', 'Feedback']) {
        await expect(footer.getByRole('link', { name })).toHaveCount(0);
      }

      const adminPage = await page.context().browser()!.newPage({ viewport: PHONE });
      await signIn(adminPage, admin.token);
      await adminPage.goto('/admin-dashboard');
      await adminPage.getByRole('button', { name: 'Menu' }).click();
      const menu = adminPage.getByRole('navigation', { name: 'Main' });
      await expect(menu.getByRole('link', { name: 'Authorities' })).toBeVisible();
      await menu.getByRole('link', { name: 'Complaints', exact: true }).click();
      await expect(adminPage).toHaveURL(/\/view-complaints$/);
      await expect(adminPage.getByRole('contentinfo').getByRole('link', { name: 'Feedback' })).toHaveCount(0);
      await adminPage.close();
    });

    test('the home hero has a Sign up link', async ({ page }) => {
      await page.goto('/');
      const hero = page.locator('section', {
        has: page.getByRole('heading', { name: 'Complaint Management System' }),
      });
      await hero.getByRole('link', { name: 'Sign up' }).click();
      await expect(page).toHaveURL(/\/student-signup$/);
    });

    test('"Rate this resolution" from the mail and the dashboard: no star chosen, and the rating shown back', async ({
      page,
    }) => {
      const mail = await waitForMail(student.email, new RegExp(`${resolvedToken} is now Resolved`));
      // the mail's text part is quoted-printable: soft line breaks, "=" written =3D
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(text).toMatch(new RegExp(`Rate this resolution: http\\S+/feedback\\?token=${resolvedToken}`));

      await signIn(page, student.token);
      await page.goto('/student-dashboard');
      const card = page
        .getByRole('list', { name: 'Your complaints' })
        .getByRole('listitem')
        .filter({ hasText: resolvedToken });
      const rate = card.getByRole('link', { name: /Rate this resolution/ });
      await expectWithinScreenWidth(rate);
      await rate.click();
      await expect(page).toHaveURL(new RegExp(`/feedback\\?token=${resolvedToken}$`));
      await expect(page.getByLabel('Complaint', { exact: true })).toHaveValue(/\d+/);
      await expect(page.getByLabel('Complaint', { exact: true }).locator('option:checked')).toContainText(
        resolvedToken,
      );
      // issue 33 row 16: the chosen complaint is read whole at 360 px ("CMP-… — Plumb" before), on
      // as many lines as it needs, under the select that stays the control
      const shown = page.getByLabel('Complaint', { exact: true }).locator('xpath=following-sibling::div[1]');
      await expect(shown).toHaveText(`${resolvedToken} — Plumbing`);
      await expectWithinScreenWidth(shown);
      const fits = await shown.evaluate((box) => {
        const text = box.querySelector('span')!.getBoundingClientRect();
        const frame = box.getBoundingClientRect();
        const select = box.previousElementSibling!.getBoundingClientRect();
        return {
          inside: text.left >= frame.left && text.right <= frame.right,
          noOverflow: box.scrollWidth <= box.clientWidth,
          selectCovers: select.width === frame.width && select.height === frame.height,
        };
      });
      expect(fits).toEqual({ inside: true, noOverflow: true, selectCovers: true });
      await snap(page, 'phone-feedback-picker');
      await expect(page.getByRole('radio')).toHaveCount(5);
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      await snap(page, 'phone-rate-no-star');
      await page.getByText('Not rated yet').waitFor();
      await page.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
      await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: `You rated ${resolvedToken} 4 of 5` }),
      ).toBeVisible();

      await page.getByRole('link', { name: 'View the complaint' }).click();
      await expect(page.getByRole('heading', { name: `Complaint ${resolvedToken}` })).toBeVisible();
      await expect(page.getByText('You rated it 4 of 5')).toBeVisible();
      await expect(page.getByRole('link', { name: /Rate this resolution/ })).toHaveCount(0);

      await page.goto('/student-dashboard');
      const rated = page
        .getByRole('list', { name: 'Your complaints' })
        .getByRole('listitem')
        .filter({ hasText: resolvedToken });
      await expect(rated).toContainText('You rated it 4 of 5');
      await expect(rated.getByRole('link', { name: /Rate this resolution/ })).toHaveCount(0);
      await snap(page, 'phone-rated');
    });
  });
