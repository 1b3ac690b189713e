import { MSG_INCIDENT } from '@bit/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalScroll } from './support/a11y';
import { expectToast, snap, waitForMail } from './support/helpers';
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

// Issue 34 end to end at phone size: three students report the same outage, the warden declares it
// an incident from the dashboard's grouping, three more students join it from the filing form, and
// one update resolves every linked complaint, each student mailed through the SMTP sink.

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const hostel = 12;
const title = `Water supply off in Block B ${Date.now().toString(36)}`;

async function asStudentPage(browser: Browser, student: TSession): Promise<Page> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, student.token);
  return page;
}

test.describe
  .serial('one problem, many students', () => {
    let warden: TSession;
    const filers: TSession[] = [];
    const joiners: TSession[] = [];
    const tokens: string[] = [];
    let incidentUrl = '';

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      warden = await makeAuthority('Warden', hostel);
      await approve(admin, warden);
      for (let i = 0; i < 3; i++) {
        const s = await makeStudent('inc');
        filers.push(s);
        const filed = await fileComplaint(s, {
          type: 'Hostel',
          hostelNo: hostel,
          roomNo: `10${i}`,
          subType: 'Plumbing',
          description: 'No water in the taps since the morning.',
        });
        tokens.push(filed.token);
      }
      for (let i = 0; i < 3; i++) joiners.push(await makeStudent('join'));
    });

    test.afterAll(disposeContexts);

    test('the warden declares an incident from the grouping on the dashboard', async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto('/authority-dashboard');
      const line = MSG_INCIDENT.looksLikeOne(3, 'Plumbing', `Hostel ${hostel}`);
      const group = page.getByRole('listitem').filter({ hasText: line });
      await expect(group).toBeVisible();
      await expectNoHorizontalScroll(page, 'authority dashboard with a group');
      await group.getByRole('button', { name: MSG_INCIDENT.declare }).click();
      await group.getByLabel('Incident title').fill(title);
      await group.getByRole('button', { name: MSG_INCIDENT.declare }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL(/\/incidents\/\d+$/);
      incidentUrl = new URL(page.url()).pathname;
      await expect(page.getByText(/3 affected/)).toBeVisible();
      for (const token of tokens) await expect(page.getByRole('link', { name: token })).toBeVisible();
      await snap(page, 'incident-declared');
    });

    test('three students join it from the filing form', async ({ browser }) => {
      for (const student of joiners) {
        const page = await asStudentPage(browser, student);
        await page.goto('/file-complaint');
        await page.getByLabel('Hostel number').selectOption(String(hostel));
        await page.getByLabel('Room number').fill('204');
        await page.getByLabel('Problem type').selectOption('Plumbing');
        const known = page.getByRole('region', { name: 'Known problems' });
        await expect(known.getByText(`Known problem: ${title}. Pending,`, { exact: false })).toBeVisible();
        await expectNoHorizontalScroll(page, 'filing form with a known problem');
        await known.getByRole('button', { name: `${MSG_INCIDENT.joinButton}: ${title}` }).click();
        await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
        tokens.push(new URL(page.url()).searchParams.get('token') ?? '');
        await page.context().close();
      }
      expect(tokens).toHaveLength(6);
    });

    test('one update resolves them all, and every student is mailed', async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto(incidentUrl);
      await expect(page.getByText(/6 affected/)).toBeVisible();
      await page.getByLabel('Status for all').selectOption('Resolved');
      await page.getByLabel(/Remarks/).fill('The pump is repaired; water is back on every floor.');
      await page.getByRole('button', { name: 'Update all' }).click();
      await expectToast(page, MSG_INCIDENT.updated);
      await expect(page.getByRole('list', { name: 'Linked complaints' }).getByText('Resolved')).toHaveCount(
        6,
      );
      await expectNoHorizontalScroll(page, 'incident page');
      for (const [i, student] of [...filers, ...joiners].entries()) {
        const mail = await waitForMail(student.email, new RegExp(`${tokens[i]} is now Resolved`));
        expect(mail.raw).toContain('The pump is repaired');
      }
      await snap(page, 'incident-resolved');
    });
  });
