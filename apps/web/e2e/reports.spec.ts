import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXPORT_COLUMNS,
  GRIEVANCE_REPORT_COLUMNS,
  MSG_REPORT,
  type TGrievanceReportRow,
} from '@bit/contract';
import { type Download, expect, type Page, test } from '@playwright/test';
import { makeOverdue } from './support/database';
import { snap, unique, watchConsole } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  loginThroughUi,
  makeAdmin,
  makeAuthority,
  makeStudent,
  PASSWORD,
  signIn,
  type TSession,
  updateComplaint,
} from './support/sessions';

// Issue 18 end to end: overdue complaints (CONTRACT 5.5), the admin's report and the CSV export
// (CONTRACT 5.6). The complaints are filed in hostel 11, which no other spec uses, so the report's
// figures under that hostel are this spec's own whatever ran before. One of them is made overdue by
// moving its due time back in the database (support/database.ts): the SLA is 72 hours at the least.

const HOSTEL = 11;

/** The printed report, kept as a test artifact beside the screenshots. */
const PRINTED = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../test-results/screens/${process.env.E2E_DIALECT ?? 'sqlite'}/reports-admin-print.pdf`,
);

const hostelComplaint = (roomNo: string, subType: string, description: string) => ({
  type: 'Hostel',
  hostelNo: HOSTEL,
  roomNo,
  subType,
  description,
});

/** A figure of the report's totals: "Filed" and its number. */
const total = (page: Page, label: string) =>
  page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });

/** The cells of the by-hostel table's row for our hostel. */
const hostelRow = (page: Page) =>
  page
    .getByRole('table', { name: 'By hostel' })
    .getByRole('row', { name: new RegExp(`^Hostel ${HOSTEL}\\b`) })
    .getByRole('cell');

/** The downloaded CSV's lines, without its byte-order mark (checked) and the empty line at its end. */
async function csvLines(download: Download): Promise<string[]> {
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0), 'a UTF-8 byte-order mark').toBe(0xfeff);
  return text
    .slice(1)
    .split(/\r?\n/)
    .filter((line) => line !== '');
}

/** Clicks Export CSV and answers the download. */
async function exportCsv(page: Page): Promise<Download> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloaded;
  // named for its period when it has one (issue 51 row 24)
  expect(download.suggestedFilename()).toMatch(/^complaints-\d{4}-\d{2}-\d{2}(-to-\d{4}-\d{2}-\d{2})?\.csv$/);
  return download;
}

test.describe
  .serial('reports, overdue complaints and the CSV export', () => {
    let admin: TSession;
    let warden: TSession;
    let late = { token: '', id: 0 };
    let onTime = { token: '', id: 0 };
    let resolved = { token: '', id: 0 };

    test.beforeAll(async () => {
      const student = await makeStudent('report');
      [admin, warden] = await Promise.all([makeAdmin(), makeAuthority('Warden', HOSTEL)]);
      await approve(admin, warden);
      late = await fileComplaint(student, hostelComplaint('A-12', 'Fan', 'The ceiling fan stopped turning.'));
      onTime = await fileComplaint(student, hostelComplaint('A-14', 'Bulb', 'The corridor light is out.'));
      resolved = await fileComplaint(
        student,
        hostelComplaint('A-16', 'Plumbing', 'The washroom tap leaks all night.'),
      );
      await updateComplaint(warden, resolved.id, 'Resolved', 'Washer replaced');
      // three days and two hours past due
      await makeOverdue([late.id], 74);
    });

    test.afterAll(disposeContexts);

    test('an admin opens Reports, changes the period and sees the figures follow it', async ({ page }) => {
      const watch = watchConsole(page);
      await signIn(page, admin.token);
      await page.goto('/admin-dashboard');
      await page.getByRole('link', { name: 'Reports' }).first().click();
      await expect(page).toHaveURL(/\/reports$/);
      await expect(page).toHaveTitle(/^Reports/);

      await page.getByLabel('Hostel', { exact: true }).selectOption(String(HOSTEL));
      await expect(page).toHaveURL(new RegExp(`hostelNo=${HOSTEL}`));
      await expect(page.getByText(new RegExp(`^Complaints filed from .+ · Hostel ${HOSTEL}$`))).toBeVisible();
      await expect(total(page, 'Filed')).toHaveText(/3$/);
      await expect(total(page, 'Resolved')).toHaveText(/1$/);
      await expect(total(page, 'Rejected')).toHaveText(/0$/);
      // filed, resolved, overdue
      await expect(hostelRow(page)).toHaveText(['3', '1', '1']);
      await expect(page.getByRole('table', { name: 'By category' }).getByRole('row')).toHaveCount(4);
      await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await snap(page, 'reports-admin-90-days');

      // a year long past: nothing was filed then
      await page.getByLabel('From', { exact: true }).fill('2020-01-01');
      await page.getByLabel('To', { exact: true }).fill('2020-12-31');
      await expect(page).toHaveURL(new RegExp(`\\?from=2020-01-01&to=2020-12-31&hostelNo=${HOSTEL}$`));
      await expect(
        page.getByText(`Complaints filed from 1 Jan 2020 to 31 Dec 2020 · Hostel ${HOSTEL}`),
      ).toBeVisible();
      await expect(total(page, 'Filed')).toHaveText(/0$/);
      await expect(page.getByText('No complaints were filed in this period.').first()).toBeVisible();

      // a reload keeps the period and the filter
      await page.reload();
      await expect(page.getByLabel('From', { exact: true })).toHaveValue('2020-01-01');
      await expect(page.getByLabel('Hostel', { exact: true })).toHaveValue(String(HOSTEL));
      await expect(total(page, 'Filed')).toHaveText(/0$/);

      // one tap back to the server's default period
      await page.getByRole('button', { name: 'Last 90 days' }).click();
      await expect(page).toHaveURL(new RegExp(`/reports\\?hostelNo=${HOSTEL}$`));
      await expect(total(page, 'Filed')).toHaveText(/3$/);

      // printed on A4: the figures without the navigation, the filters and the buttons
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(page.getByRole('form', { name: 'Report filters' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Export CSV' })).toBeHidden();
      await expect(page.getByRole('table', { name: 'By hostel' })).toBeVisible();
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      fs.mkdirSync(path.dirname(PRINTED), { recursive: true });
      fs.writeFileSync(PRINTED, pdf);
      await page.emulateMedia({ media: 'screen' });

      // a reversed period is refused before it is asked for, and said under the field changed (each
      // date applies as it is chosen: a To before the From shown is never asked for)
      await page.getByLabel('To', { exact: true }).fill('2025-01-01');
      await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
        MSG_REPORT.rangeReversed,
      );
      await expect(page.getByLabel('To', { exact: true })).toBeFocused();
      await snap(page, 'reports-admin-refused-period');

      // over 366 days (issue 33 row 9): one message, under the date that was changed; no toast, no
      // banner, and the heading with the period shown stays
      await page.reload();
      await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('');
      const shownPeriod = await page.getByText(/^Complaints filed from /).textContent();
      await page.getByLabel('From', { exact: true }).fill('2019-06-01');
      const from = page.getByLabel('From', { exact: true });
      await expect(from).toHaveAttribute('aria-invalid', 'true');
      await expect(from).toHaveAccessibleDescription(MSG_REPORT.rangeTooLong);
      await expect(from).toBeFocused();
      await expect(page.getByLabel('To', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(MSG_REPORT.rangeTooLong)).toHaveCount(1);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      await expect(page.getByText(shownPeriod as string, { exact: true })).toBeVisible();
      await expect(total(page, 'Filed')).toHaveText(/3$/);
      await snap(page, 'reports-admin-period-too-long');
      // nothing refused was asked of the server: the page logs no error
      expect(watch.problems).toEqual([]);
    });

    test("an admin signed in through the login screen exports the list's filters through the session cookie", async ({
      page,
    }) => {
      await loginThroughUi(page, 'admin', admin.email, PASSWORD);
      await expect(page).toHaveURL(/\/admin-dashboard$/);
      await page.getByRole('link', { name: 'Overdue Complaints' }).click();
      await expect(page).toHaveURL(/\/view-complaints\?overdue=true$/);
      await expect(page.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByLabel('Hostel', { exact: true }).selectOption(String(HOSTEL));
      await expect(page).toHaveURL(new RegExp(`\\?hostelNo=${HOSTEL}&overdue=true$`));
      await expect(page.getByRole('cell', { name: late.token, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: onTime.token, exact: true })).toHaveCount(0);
      await expect(page.getByText('1 complaint', { exact: true })).toBeVisible();

      const download = await exportCsv(page);
      // the browser followed the link itself, with the cookie: the page did not read the file
      expect(download.url()).toMatch(
        new RegExp(`/api/complaints/admin/export\\.csv\\?hostelNo=${HOSTEL}&overdue=true$`),
      );
      const [header, ...rows] = await csvLines(download);
      expect(header).toBe(EXPORT_COLUMNS.join(','));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(new RegExp(`^${late.token},Hostel,${HOSTEL},A-12,Fan,`));
      expect(rows[0]).toMatch(/,Pending,/);
    });

    test('an admin whose session lives only in the stored token exports from Reports', async ({ page }) => {
      await signIn(page, admin.token);
      await page.goto(`/reports?type=Hostel&hostelNo=${HOSTEL}`);
      await expect(total(page, 'Filed')).toHaveText(/3$/);
      // what the screen shows: the server's own 90 days, the type and the hostel (CONTRACT 6.6)
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        new RegExp(
          `^/api/complaints/admin/export\\.csv\\?from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}&hostelNo=${HOSTEL}&type=Hostel$`,
        ),
      );
      await expect(
        page.getByText(/Times in it are in Asia\/Kolkata time \(YYYY-MM-DD HH:MM:SS\)\./),
      ).toBeVisible();
      const fetched = page.waitForRequest((r) => r.url().includes('/api/complaints/admin/export.csv'));
      const download = await exportCsv(page);
      // no cookie here: the page fetched the file with the token and saved it from memory
      expect((await fetched).headers().authorization).toBe(`Bearer ${admin.token}`);
      expect(download.url()).toMatch(/^blob:/);
      const [header, ...rows] = await csvLines(download);
      expect(header).toBe(EXPORT_COLUMNS.join(','));
      // the complaints of the hostel filed in the period shown, newest first, dates in TIME_ZONE
      expect(rows.map((r) => r.split(',')[0])).toEqual([resolved.token, onTime.token, late.token]);
      for (const row of rows) {
        expect(row).toMatch(new RegExp(`^CMP-[A-Z0-9]+,Hostel,${HOSTEL},`));
        expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
      }

      // a year long past: its export holds none of them
      await page.goto(`/reports?from=2020-01-01&to=2020-12-31&type=Hostel&hostelNo=${HOSTEL}`);
      await expect(total(page, 'Filed')).toHaveText(/0$/);
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/api/complaints/admin/export.csv?from=2020-01-01&to=2020-12-31&hostelNo=${HOSTEL}&type=Hostel`,
      );
      const [, ...none] = await csvLines(await exportCsv(page));
      expect(none).toEqual([]);
    });

    test('an admin reads the grievances per committee and month at 1280 and 360 px, counts only, and downloads their CSV', async ({
      page,
    }) => {
      const watch = watchConsole(page);
      // an SGRC grievance and a confidential one (CONTRACT 7.3: counted, nothing else said)
      const student = await makeStudent('grv-report');
      const subject = `Scholarship unpaid ${unique()}`;
      for (const category of ['Scholarship', 'Sexual harassment']) {
        const res = await student.api.post('/api/grievances', {
          data: { category, subject, description: `${subject}: the office has not answered my letters.` },
        });
        expect(res.status()).toBe(201);
      }
      // the figures as the server counts them now (other specs' grievances are in them too)
      const answer = await (await admin.api.get('/api/admin/grievances/report')).json();
      const icc = (answer.rows as TGrievanceReportRow[]).filter((r) => r.committee === 'icc').at(-1)!;
      expect(icc.received).toBeGreaterThanOrEqual(1);

      await signIn(page, admin.token);
      for (const viewport of [
        { width: 1280, height: 900 },
        { width: 360, height: 780 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/reports');
        const heading = page.getByRole('heading', { level: 2, name: 'Grievances' });
        await expect(heading).toBeVisible();
        const figures = [
          String(icc.received),
          String(icc.decided),
          String(icc.decidedByDue),
          String(icc.appealed),
          String(icc.appealsDecidedByDue),
          String(icc.openPastDue),
        ];
        if (viewport.width >= 640) {
          const row = page
            .getByRole('table', { name: 'Grievances by committee and month' })
            .getByRole('row', { name: /^ICC\b/ })
            .last();
          await expect(row.getByRole('cell')).toHaveText([/^\w{3} \d{4}$/, ...figures, /.+/]);
        } else {
          // a phone: each row a small list of its named figures, nothing scrolling sideways
          const item = page
            .getByRole('list', { name: 'Grievances by committee and month' })
            .getByRole('listitem')
            .filter({ has: page.getByTitle('Internal Complaints Committee') })
            .last();
          await expect(item.locator('dd')).toHaveText([/^\w{3} \d{4}$/, ...figures, /.+/]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        }
        // no grievance's subject, description or student on the screen
        await expect(page.getByText(subject)).toHaveCount(0);
        await expect(page.getByText(student.name)).toHaveCount(0);
        await heading.scrollIntoViewIfNeeded();
        await snap(page, `reports-grievances-${viewport.width}`);
      }

      // the page logged no error (the download's check of the cookie, a 401 here, comes after)
      expect(watch.problems).toEqual([]);

      await page.setViewportSize({ width: 1280, height: 900 });
      const downloaded = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(
        /^grievance-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const [header, ...rows] = await csvLines(download);
      expect(header).toBe(GRIEVANCE_REPORT_COLUMNS.join(','));
      expect(rows).toContain(
        [
          'icc',
          'Internal Complaints Committee',
          icc.month,
          icc.received,
          icc.decided,
          icc.decidedByDue,
          icc.appealed,
          icc.appealsDecidedByDue,
          icc.openPastDue,
          icc.medianWorkingDays ?? '',
        ].join(','),
      );
      const text = fs.readFileSync(await download.path(), 'utf8');
      expect(text).not.toContain(subject);
      expect(text).not.toContain(student.name);
    });

    test('an authority keeps only the overdue complaints with one tap', async ({ page }) => {
      await signIn(page, warden.token);
      await page.goto('/authority-dashboard');
      const counts = page.getByRole('list', { name: 'Complaint counts' });
      await expect(counts.getByRole('listitem').filter({ hasText: 'Overdue' })).toContainText('1');

      await page.goto('/manage-complaints');
      // each row is found by its View link: the token's cell holds the filing day too
      for (const c of [late, onTime, resolved])
        await expect(page.getByRole('link', { name: `View ${c.token}` })).toBeVisible();
      await page.getByRole('button', { name: 'Overdue' }).click();
      await expect(page).toHaveURL(/\/manage-complaints\?overdue=true$/);
      await expect(page.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `View ${late.token}` }) });
      await expect(row).toContainText('Overdue');
      await expect(row).toContainText('3 days overdue');
      await expect(page.getByRole('link', { name: `View ${onTime.token}` })).toHaveCount(0);
      await expect(page.getByRole('link', { name: `View ${resolved.token}` })).toHaveCount(0);
      await expect(page.getByText('1 complaint', { exact: true })).toBeVisible();
      await snap(page, 'manage-complaints-overdue-warden');

      // the complaint's page says when it was due
      await row.getByRole('link', { name: `View ${late.token}` }).click();
      await expect(page.getByText('Due by')).toBeVisible();
      await expect(page.getByText('3 days overdue')).toBeVisible();
    });
  });
