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
  mobile,
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
        await known.getByRole('button', { name: MSG_INCIDENT.joinSubmit }).click();
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
      await page
        .getByRole('dialog', { name: MSG_INCIDENT.updateConfirm(6, 'Resolved') })
        .getByRole('button', { name: 'Mark Resolved' })
        .click();
      await expectToast(page, MSG_INCIDENT.updatedCount(6));
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

// Issue 51, rows 2, 3 and 20: a warden runs incidents from the page, at laptop and phone widths.
const LAPTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

async function pageAt(browser: Browser, who: TSession, size: typeof PHONE | typeof LAPTOP): Promise<Page> {
  const context = await browser.newContext(size);
  const page = await context.newPage();
  await signIn(page, who.token);
  return page;
}

const affected = (page: Page, n: number) =>
  expect(page.getByText(new RegExp(`· ${n} affected ·`))).toBeVisible();

test.describe
  .serial('a warden runs incidents from the page (issue 51)', () => {
    // hostel 8, which no other spec uses (the reports spec counts hostel 11 and search files there)
    const H = 8;
    let warden: TSession;
    const fans: { token: string; id: number }[] = [];
    const bulbs: { token: string; id: number }[] = [];
    let incidentUrl = '';

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      warden = await makeAuthority('Warden', H);
      await approve(admin, warden);
      for (const [subType, list] of [
        ['Fan', fans],
        ['Bulb', bulbs],
      ] as const)
        for (let i = 0; i < 3; i++) {
          const s = await makeStudent('run');
          list.push(
            await fileComplaint(s, {
              type: 'Hostel',
              hostelNo: H,
              roomNo: `3${i}${subType.length}`,
              subType,
              description: `The ${subType.toLowerCase()} in my room does not work at all.`,
            }),
          );
        }
    });

    test.afterAll(disposeContexts);

    test('the Incidents page declares one at 1280, and its page links and unlinks complaints', async ({
      browser,
    }) => {
      const page = await pageAt(browser, warden, LAPTOP);
      await page.goto('/incidents');
      await page.getByRole('button', { name: MSG_INCIDENT.declareSelected }).click();
      const form = page.getByRole('form', { name: MSG_INCIDENT.declare });
      await form.getByLabel('Incident title').fill('Fans dead on floor 3');
      await form.getByLabel('Hostel number').selectOption(String(H));
      await form.getByLabel('Problem type').selectOption('Fan');
      const picks = form.getByRole('group', { name: MSG_INCIDENT.toLink });
      for (const c of fans) await expect(picks.getByText(c.token)).toBeVisible();
      await picks.getByRole('checkbox', { name: new RegExp(fans[0]!.token) }).check();
      await picks.getByRole('checkbox', { name: new RegExp(fans[1]!.token) }).check();
      await snap(page, 'incident-declare-1280');
      await form.getByRole('button', { name: MSG_INCIDENT.declareSelected }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Fans dead on floor 3' })).toBeVisible();
      await affected(page, 2);

      await page.getByRole('button', { name: MSG_INCIDENT.link }).click();
      const link = page.getByRole('region', { name: MSG_INCIDENT.link });
      await link.getByRole('checkbox', { name: new RegExp(fans[2]!.token) }).check();
      await link.getByRole('button', { name: `${MSG_INCIDENT.link} (1)` }).click();
      await expectToast(page, MSG_INCIDENT.linkedCount(1));
      await affected(page, 3);
      await page.getByRole('button', { name: `${MSG_INCIDENT.unlink} ${fans[0]!.token}` }).click();
      await expectToast(page, MSG_INCIDENT.unlinked);
      await affected(page, 2);
      await expect(
        page.getByRole('list', { name: 'Linked complaints' }).getByText(fans[0]!.token),
      ).toHaveCount(0);
      await expectNoHorizontalScroll(page, 'incident page at 1280');
      await snap(page, 'incident-linked-1280');
    });

    test('complaints selected in the manage list at 360 are declared one incident, one left out', async ({
      browser,
    }) => {
      const page = await pageAt(browser, warden, PHONE);
      await page.goto('/manage-complaints');
      for (const c of bulbs) await page.getByRole('checkbox', { name: `Select ${c.token}` }).check();
      const bar = page.getByRole('region', { name: 'Selected complaints' });
      await expect(bar.getByText(MSG_INCIDENT.selected(3))).toBeInViewport();
      await expectNoHorizontalScroll(page, 'manage list with a selection');
      await snap(page, 'manage-selection-360');
      await bar.getByRole('button', { name: MSG_INCIDENT.declareSelected }).click();
      const dialog = page.getByRole('dialog', { name: MSG_INCIDENT.declare });
      const picks = dialog.getByRole('group', { name: MSG_INCIDENT.toLink });
      await expect(picks.getByRole('checkbox')).toHaveCount(3);
      for (const c of bulbs)
        await expect(picks.getByRole('checkbox', { name: new RegExp(c.token) })).toBeChecked();
      await picks.getByRole('checkbox', { name: new RegExp(bulbs[2]!.token) }).uncheck();
      await dialog.getByLabel('Incident title').fill('Bulbs out on floor 3');
      await snap(page, 'declare-selection-360');
      await dialog.getByRole('button', { name: MSG_INCIDENT.declare }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bulbs out on floor 3' })).toBeVisible();
      await affected(page, 2);
      const linked = page.getByRole('list', { name: 'Linked complaints' });
      await expect(linked.getByText(bulbs[0]!.token)).toBeVisible();
      await expect(linked.getByText(bulbs[2]!.token)).toHaveCount(0);
      incidentUrl = new URL(page.url()).pathname;
    });

    test('"Update all" at 1280 asks with the count and the status, and says how many it updated', async ({
      browser,
    }) => {
      const page = await pageAt(browser, warden, LAPTOP);
      await page.goto(incidentUrl);
      await expect(page.getByText(/a push alert/)).toBeVisible();
      await page.getByLabel('Status for all').selectOption('Resolved');
      await page.getByRole('button', { name: 'Update all' }).click();
      const ask = page.getByRole('dialog', { name: MSG_INCIDENT.updateConfirm(2, 'Resolved') });
      await expect(ask).toBeVisible();
      await snap(page, 'update-all-confirm-1280');
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('list', { name: 'Linked complaints' }).getByText('Resolved')).toHaveCount(
        0,
      );
      await page.getByRole('button', { name: 'Update all' }).click();
      await ask.getByRole('button', { name: 'Mark Resolved' }).click();
      await expectToast(page, MSG_INCIDENT.updatedCount(2));
      await expect(page.getByRole('list', { name: 'Linked complaints' }).getByText('Resolved')).toHaveCount(
        2,
      );
    });
  });

// Issue 51, rows 6, 7 and 8: a student meets an incident in progress.
test.describe
  .serial('a student meets an incident in progress (issue 51)', () => {
    const H = 10;
    let student: TSession;
    let other: TSession;
    let incidentId = 0;
    let token = '';
    const name = `Sockets sparking in Block A ${Date.now().toString(36)}`;

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      const warden = await makeAuthority('Warden', H);
      await approve(admin, warden);
      const declared = await warden.api.post('/api/incidents', {
        data: { title: name, type: 'Hostel', hostelNo: H, subType: 'Socket' },
      });
      expect(declared.status(), await declared.text()).toBe(201);
      incidentId = ((await declared.json()) as { data: { id: number } }).data.id;
      const put = await warden.api.put(`/api/incidents/${incidentId}`, {
        data: { status: 'In Progress', remarks: 'Electrician on the way' },
      });
      expect(put.ok(), await put.text()).toBe(true);
      student = await makeStudent('meet');
      other = await makeStudent('meet');
      for (const s of [student, other]) {
        const res = await s.api.put('/api/me/profile', {
          data: { mobile: mobile(), hostelNo: H, roomNo: '101' },
        });
        expect(res.ok(), await res.text()).toBe(true);
      }
    });

    test.afterAll(disposeContexts);

    test('"This is my problem too" at 360 says it files a linked complaint, and marks the copied entry', async ({
      browser,
    }) => {
      const page = await pageAt(browser, student, PHONE);
      await page.goto('/file-complaint');
      await page.getByLabel('Hostel number').selectOption(String(H));
      await page.getByLabel('Room number').fill('101');
      await page.getByLabel('Problem type').selectOption('Socket');
      const known = page.getByRole('region', { name: 'Known problems' });
      await known.getByRole('button', { name: `${MSG_INCIDENT.joinButton}: ${name}` }).click();
      // nothing filed yet: it says what it does, and takes a description
      await expect(known.getByText(MSG_INCIDENT.joinExplain)).toBeVisible();
      await expect(page).toHaveURL(/\/file-complaint/);
      await known.getByLabel(/Description \(optional\)/).fill('The socket by my desk sparks too.');
      await expectNoHorizontalScroll(page, 'joining at 360');
      await snap(page, 'join-explained-360');
      await known.getByRole('button', { name: MSG_INCIDENT.joinSubmit }).click();
      await expect(page).toHaveURL(/\/complaint-status\?token=CMP-/);
      token = new URL(page.url()).searchParams.get('token') ?? '';
      const history = page.getByRole('list', { name: 'History' });
      await expect(
        history.getByText(MSG_INCIDENT.fromIncident(incidentId, 'In Progress', 'Electrician on the way')),
      ).toBeVisible();
      await snap(page, 'joined-history-360');
    });

    test('a student who joined sees "You reported this on …" at 360 with a link, not the button', async ({
      browser,
    }) => {
      const page = await pageAt(browser, student, PHONE);
      await page.goto('/file-complaint');
      await page.getByLabel('Hostel number').selectOption(String(H));
      await page.getByLabel('Problem type').selectOption('Socket');
      const known = page.getByRole('region', { name: 'Known problems' });
      await expect(known.getByText(/You reported this on .* \(/)).toBeVisible();
      await expect(known.getByRole('link', { name: token })).toHaveAttribute(
        'href',
        `/complaint-status?token=${token}`,
      );
      await expect(known.getByRole('button', { name: new RegExp(MSG_INCIDENT.joinButton) })).toHaveCount(0);
      await snap(page, 'reported-already-360');
    });

    test('the student dashboard at 1280 shows the incident in the table and joinable known problems near the top', async ({
      browser,
    }) => {
      const page = await pageAt(browser, student, LAPTOP);
      await page.goto('/student-dashboard');
      const table = page.getByRole('table', { name: 'Your complaints' });
      await expect(table.getByRole('link', { name: `Incident: ${name}` })).toBeVisible();
      const known = page.getByRole('heading', { name: 'Known problems' });
      const mine = page.getByRole('heading', { name: 'My Complaints' });
      await expect(known).toBeInViewport();
      expect((await known.boundingBox())!.y).toBeLessThan((await mine.boundingBox())!.y);
      await snap(page, 'student-dashboard-1280');

      const theirs = await pageAt(browser, other, LAPTOP);
      await theirs.goto('/student-dashboard');
      await theirs.getByRole('button', { name: `${MSG_INCIDENT.joinButton}: ${name}` }).click();
      await theirs.getByRole('button', { name: MSG_INCIDENT.joinSubmit }).click();
      await expect(theirs).toHaveURL(/\/complaint-status\?token=CMP-/);
    });
  });
