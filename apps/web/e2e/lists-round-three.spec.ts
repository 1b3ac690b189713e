import { expect, type Page, test } from '@playwright/test';
import { PHONE } from './support/a11y';
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
  updateComplaint,
} from './support/sessions';

// Issue 51 rows 9, 17, 22 and 24 (the lists' rough edges), each at the width it was seen at.

const LAPTOP = { width: 1280, height: 800 };
const hostel = 13;

/** Whether a search box's placeholder fits inside it, measured in the box's own font. */
async function placeholderFits(page: Page) {
  return page.getByLabel('Search complaints').evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text: input.placeholder, needs: context.measureText(input.placeholder).width, room };
  });
}

test.describe
  .serial('the lists, round three', () => {
    let admin: TSession;
    let warden: TSession;
    let student: TSession;
    let kettle: { token: string; id: number };
    let fixed: { token: string; id: number };
    const word = `kettle${unique()}`;

    test.beforeAll(async () => {
      admin = await makeAdmin();
      warden = await makeAuthority('Warden', hostel);
      await approve(admin, warden);
      student = await makeStudent('round3');
      kettle = await fileComplaint(student, {
        type: 'Hostel',
        hostelNo: hostel,
        roomNo: '301',
        subType: 'Electrical',
        // markup in a description is text: the search must mark words, never make elements
        description: `My ${word} <b>trips</b> the socket <img src=x onerror="window.__xss=1">.`,
      });
      fixed = await fileComplaint(student, {
        type: 'Hostel',
        hostelNo: hostel,
        roomNo: '302',
        subType: 'Plumbing',
        description: 'The tap in the washroom leaks all night.',
      });
      await updateComplaint(warden, fixed.id, 'Resolved', 'Washer replaced');
    });

    test.afterAll(disposeContexts);

    test.describe('on a 360 px phone', () => {
      test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

      test('row 17: every search box’s placeholder fits the box', async ({ page }) => {
        for (const [session, path] of [
          [student, '/student-dashboard'],
          [warden, '/manage-complaints'],
          [admin, '/view-complaints'],
        ] as const) {
          await signIn(page, session.token);
          await page.goto(path);
          const { text, needs, room } = await placeholderFits(page);
          expect(needs, `${path}: "${text}" needs ${needs} px of ${room}`).toBeLessThanOrEqual(room);
        }
        await snap(page, 'round3-admin-search-360');
      });

      test('row 9: the student’s search says how many, in the singular, and marks the token', async ({
        page,
      }) => {
        await signIn(page, student.token);
        await page.goto('/student-dashboard');
        await page.getByLabel('Search complaints').fill(kettle.token);
        await expect(page.getByText('1 complaint', { exact: true })).toBeVisible();
        const card = page.getByRole('list', { name: 'Your complaints' }).getByRole('listitem');
        await expect(card).toHaveCount(1);
        await expect(card.locator('mark')).toHaveText(kettle.token);
        await snap(page, 'round3-student-search-360');
      });

      test('row 9: the warden’s search says "1 complaint" and marks the word, as text only', async ({
        page,
      }) => {
        await signIn(page, warden.token);
        await page.goto('/manage-complaints');
        await page.getByLabel('Search complaints').fill(word);
        await expect(page.getByText('1 complaint', { exact: true })).toBeVisible();
        const card = page.getByRole('listitem').filter({ hasText: kettle.token });
        await expect(card.locator('mark')).toHaveText([word]);
        // the description's markup stayed text
        await expect(card.locator('b, img')).toHaveCount(0);
        await expect(card).toContainText('<b>trips</b>');
        expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      });

      test('row 22: the admin’s filters fold under "Filters", the first result stays in view, and a choice applies at once', async ({
        page,
      }) => {
        await signIn(page, admin.token);
        await page.goto(`/view-complaints?hostelNo=${hostel}`);
        const disclosure = page.getByRole('button', { name: /^Filters/ });
        await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
        await expect(disclosure).toContainText('1 set');
        await expect(page.getByLabel('Status')).toBeHidden();
        const first = page.getByRole('list', { name: 'Complaints' }).getByRole('listitem').first();
        await expect(first).toBeVisible();
        const box = await first.boundingBox();
        expect(box!.y, 'the first result starts above the fold').toBeLessThan(PHONE.height - 80);
        await snap(page, 'round3-admin-list-360');

        await disclosure.click();
        await page.getByLabel('Status').selectOption('Resolved');
        // no Apply: the choice is the filter
        await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`\\?hostelNo=${hostel}&status=Resolved$`));
        await expect(page.getByRole('heading', { level: 2, name: fixed.token })).toBeVisible();
        await expect(disclosure).toContainText('2 set');
        await snap(page, 'round3-admin-filters-open-360');
      });

      test('row 24: a resolved complaint shows no "Due by"; an open one does', async ({ page }) => {
        await signIn(page, student.token);
        await page.goto(`/complaint-status?token=${fixed.token}`);
        await expect(page.getByRole('heading', { name: `Complaint ${fixed.token}` })).toBeVisible();
        await expect(page.locator('dt', { hasText: 'Filed on' })).toBeVisible();
        await expect(page.locator('dt', { hasText: 'Due by' })).toHaveCount(0);
        await page.goto(`/complaint-status?token=${kettle.token}`);
        await expect(page.locator('dt', { hasText: 'Due by' })).toBeVisible();
      });
    });

    test.describe('on a 1,280 px laptop', () => {
      test.use({ viewport: LAPTOP });

      test('row 24: the audit log is filtered by a name, and names the user acted on', async ({ page }) => {
        await signIn(page, admin.token);
        await page.goto('/audit-log');
        await expect(page.getByLabel(/User id/)).toHaveCount(0);
        await page.getByLabel('Who (name or email)').fill(admin.name);
        await expect(page).toHaveURL(/who=/);
        const row = page
          .getByRole('row')
          .filter({ hasText: 'Authority approved' })
          .filter({ hasText: warden.name });
        await expect(row.first()).toBeVisible();
        await expect(row.first()).not.toContainText(`User #${warden.id}`);
        await snap(page, 'round3-audit-1280');
      });

      test('row 24: the CSV’s file name says its period', async ({ page }) => {
        await signIn(page, admin.token);
        await page.goto('/reports?from=2026-01-01&to=2026-01-31');
        await expect(page.getByText(/^Complaints filed from 1 Jan 2026 to 31 Jan 2026/)).toBeVisible();
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: 'Export CSV' }).click();
        expect((await download).suggestedFilename()).toBe('complaints-2026-01-01-to-2026-01-31.csv');
      });

      test('row 24: the manage list lines up with the navigation, as every other list', async ({ page }) => {
        await signIn(page, warden.token);
        for (const width of [1024, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto('/manage-complaints');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
          const list = await page.locator('main section').first().boundingBox();
          expect(Math.round(list!.x), `at ${width} px`).toBe(Math.round(nav!.x));
          expect(Math.round(list!.width), `at ${width} px`).toBe(Math.round(nav!.width));
          await snap(page, `round3-manage-${width}`);
        }
      });
    });
  });
