import { MSG_REPORT, REPORT_DAYS_DEFAULT, type TReport } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { DEFAULT_DAYS, Reports } from './reports';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const report: TReport = {
  from: '2025-01-01',
  to: '2025-03-31',
  filed: 1250,
  resolved: 90,
  rejected: 10,
  resolutionHours: { median: 20.5, p90: 70 },
  firstResponseHours: { median: null, p90: null },
  byMonth: [
    { month: '2025-01', filed: 40, resolved: 30, medianResolutionHours: 18 },
    { month: '2025-02', filed: 25, resolved: 0, medianResolutionHours: null },
  ],
  byCategory: [
    { type: 'Hostel', subType: 'Fan', filed: 12, resolved: 10, medianResolutionHours: 15.5 },
    { type: 'College', subType: 'Library', filed: 3, resolved: 0, medianResolutionHours: null },
  ],
  byHostel: [
    { hostelNo: 7, filed: 5, resolved: 1, overdue: 2 },
    { hostelNo: 3, filed: 50, resolved: 40, overdue: 4 },
  ],
  backlog: { under1d: 3, d1to3: 5, d3to7: 2, over7d: 1 },
};

const routes = [{ path: '/reports', element: <Reports /> }];
const reportCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/complaints/admin/report'));

/** The cells of a table's row, named by its first cell, as text. */
function rowOf(table: string, name: string) {
  const row = within(screen.getByRole('table', { name: table })).getByRole('row', {
    name: new RegExp(`^${name}`),
  });
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('reports', () => {
  it("names the server's default period as the contract does", () => {
    expect(DEFAULT_DAYS).toBe(REPORT_DAYS_DEFAULT);
  });

  it('shows the figures of the period the server chose when the URL names none', async () => {
    const fetch = mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    renderRoutes(routes, ['/reports']);

    expect(await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025')).toBeInTheDocument();
    expect(reportCalls(fetch)).toEqual(['/api/complaints/admin/report']);
    // the fields show the server's dates (filled by an effect after the figures draw), and its default period
    // is the one pressed
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('2025-01-01'));
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-31');
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');

    const filed = screen.getByText('Filed', { selector: 'dt' }).parentElement!;
    expect(filed).toHaveTextContent('1,250');
    expect(screen.getByText('Resolved', { selector: 'dt' }).parentElement).toHaveTextContent('90');
    expect(screen.getByText('Rejected', { selector: 'dt' }).parentElement).toHaveTextContent('10');
    expect(rowOf('Hours from filing', 'To resolution')).toEqual(['20.5', '70']);
    expect(rowOf('Filed and resolved by month', 'Jan 2025')).toEqual(['40', '30', '18']);
    expect(rowOf('By category', 'Fan')).toEqual(['Hostel', '12', '10', '15.5']);
    // hostels in order
    const hostels = within(screen.getByRole('table', { name: 'By hostel' })).getAllByRole('rowheader');
    expect(hostels.map((h) => h.textContent)).toEqual(['Hostel 3', 'Hostel 7']);
    expect(rowOf('By hostel', 'Hostel 3')).toEqual(['50', '40', '4']);
    expect(rowOf('Open complaints by age', 'Over 7 days')).toEqual(['1']);
    expect(rowOf('Open complaints by age', '1–3 days')).toEqual(['5']);
  });

  it('lists each row of figures on a phone, named by its first cell, with no table to scroll sideways', async () => {
    phoneWidth(360);
    mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    renderRoutes(routes, ['/reports']);
    const byCategory = await screen.findByRole('list', { name: 'By category' });
    expect(screen.queryByRole('table')).toBeNull();
    const [fan] = within(byCategory).getAllByRole('listitem');
    expect(fan).toHaveTextContent(/^Fan/);
    const figures = within(fan as HTMLElement);
    expect(figures.getByText('Filed').nextElementSibling).toHaveTextContent('12');
    expect(figures.getByText('Resolved').nextElementSibling).toHaveTextContent('10');
    expect(screen.getByRole('list', { name: 'By hostel' })).toHaveTextContent('Hostel 3');
  });

  it('shows a median or percentile without data as —, read as No data', async () => {
    mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    renderRoutes(routes, ['/reports']);
    await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025');
    expect(rowOf('Hours from filing', 'To first response')).toEqual(['—No data', '—No data']);
    expect(rowOf('Filed and resolved by month', 'Feb 2025')).toEqual(['25', '0', '—No data']);
    expect(rowOf('By category', 'Library')).toEqual(['College', '3', '0', '—No data']);
    const firstResponse = within(screen.getByRole('table', { name: 'Hours from filing' })).getByRole('row', {
      name: /^To first response/,
    });
    expect(within(firstResponse).getAllByText('—')[0]).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws the months and the backlog as pictures hidden from screen readers, beside their tables', async () => {
    mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    const { container } = renderRoutes(routes, ['/reports']);
    await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025');
    const charts = container.querySelectorAll('svg[viewBox="0 0 640 230"], svg[viewBox="0 0 480 128"]');
    expect(charts).toHaveLength(2);
    for (const chart of charts) expect(chart).toHaveAttribute('aria-hidden', 'true');
    // two bars a month
    expect(charts[0]!.querySelectorAll('rect')).toHaveLength(4);
  });

  it('keeps a hostel picked while the first report is still loading', async () => {
    let answer: (value: Response) => void = () => {};
    mockFetch({
      'GET /api/complaints/admin/report': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { router } = renderRoutes(routes, ['/reports']);
    fireEvent.change(await screen.findByLabelText('Hostel'), { target: { value: '3' } });
    answer(jsonResponse(200, report));
    // a choice applies at once: the report of hostel 3 is the one asked for
    await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025 · Hostel 3');

    // the server's dates filled the empty fields; the hostel picked meanwhile stayed
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('2025-01-01'));
    expect(screen.getByLabelText('Hostel')).toHaveValue('3');
    await waitFor(() => expect(router.state.location.search).toBe('?hostelNo=3'));
  });

  it('puts a new period and filters in the URL as each is chosen, and asks for that report', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/admin/report': (url) => {
        const q = new URL(url, 'http://x').searchParams;
        return jsonResponse(
          200,
          q.get('from')
            ? { ...report, from: q.get('from'), to: q.get('to'), filed: 7, byMonth: [report.byMonth[1]] }
            : report,
        );
      },
    });
    const { router } = renderRoutes(routes, ['/reports']);
    await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-02-28' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'Hostel' } });
    fireEvent.change(screen.getByLabelText('Hostel'), { target: { value: '3' } });

    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2025-02-01&to=2025-02-28&type=Hostel&hostelNo=3'),
    );
    expect(
      await screen.findByText(
        'Complaints filed from 1 Feb 2025 to 28 Feb 2025 · Hostel complaints · Hostel 3',
      ),
    ).toBeInTheDocument();
    expect(reportCalls(fetch).at(-1)).toBe(
      '/api/complaints/admin/report?from=2025-02-01&to=2025-02-28&type=Hostel&hostelNo=3',
    );
    expect(screen.getByText('Filed', { selector: 'dt' }).parentElement).toHaveTextContent('7');
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'false');
    // the export takes what the screen shows: its period and filters (CONTRACT 6.6)
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/complaints/admin/export.csv?from=2025-02-01&to=2025-02-28&hostelNo=3&type=Hostel',
    );
  });

  it("exports the server's own period when the URL names none, and says the zone of the file's times", async () => {
    mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    renderRoutes(routes, ['/reports?type=College']);
    await screen.findByText(/^Complaints filed from 1 Jan 2025 to 31 Mar 2025/);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/complaints/admin/export.csv?from=2025-01-01&to=2025-03-31&type=College',
      ),
    );
    expect(
      screen.getByText(/^The CSV lists the complaints of the period, type and hostel shown\./),
    ).toHaveTextContent('Times in it are in Asia/Kolkata time (YYYY-MM-DD HH:MM:SS).');
  });

  it("sets a quick period ending on the server's today, keeping the filters, in one tap", async () => {
    // the browser is still on the 30th where the server (its TIME_ZONE) is on the 31st
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 30, 23, 0));
    const fetch = mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    const { router } = renderRoutes(routes, ['/reports?type=College']);
    await screen.findByText(/^Complaints filed from/);

    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2025-03-02&to=2025-03-31&type=College'),
    );
    await waitFor(() =>
      expect(reportCalls(fetch).at(-1)).toBe(
        '/api/complaints/admin/report?from=2025-03-02&to=2025-03-31&type=College',
      ),
    );
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2024-04-01&to=2025-03-31&type=College'),
    );

    // the default period is the server's: the dates leave the URL
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=College'));
    expect(reportCalls(fetch).at(-1)).toBe('/api/complaints/admin/report?type=College');
  });

  it("keeps the server's period out of the URL when only the filters change", async () => {
    const fetch = mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    const { router } = renderRoutes(routes, ['/reports']);
    await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'College' } });
    await waitFor(() => expect(router.state.location.search).toBe('?type=College'));
    await waitFor(() => expect(reportCalls(fetch).at(-1)).toBe('/api/complaints/admin/report?type=College'));
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("opens with the URL's period and filters, as after a reload", async () => {
    const fetch = mockFetch({ 'GET /api/complaints/admin/report': () => jsonResponse(200, report) });
    renderRoutes(routes, ['/reports?from=2025-01-01&to=2025-03-31&type=Hostel&hostelNo=3']);
    await screen.findByText(/^Complaints filed from 1 Jan 2025 to 31 Mar 2025/);
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('Type')).toHaveValue('Hostel');
    expect(screen.getByLabelText('Hostel')).toHaveValue('3');
    expect(reportCalls(fetch)).toEqual([
      '/api/complaints/admin/report?from=2025-01-01&to=2025-03-31&type=Hostel&hostelNo=3',
    ]);
  });

  it("shows the server's refusal of the dates under the field it names, and only there", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/complaints/admin/report': () =>
        jsonResponse(400, {
          message: MSG_REPORT.rangeReversed,
          errors: [{ field: 'from', message: MSG_REPORT.rangeReversed }],
        }),
    });
    renderRoutes(routes, ['/reports?from=2025-03-01&to=2025-01-01']);
    const from = screen.getByLabelText('From');
    await waitFor(() => expectPointedAt(from, MSG_REPORT.rangeReversed));
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
    // once (issue 33 row 9): no toast, no banner
    expect(screen.getAllByText(MSG_REPORT.rangeReversed)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });

  it('says a period over 366 days once, under the date that was changed, keeping the report and its heading', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({
      'GET /api/complaints/admin/report': () => jsonResponse(200, report),
      // the grievances of the period shown (CONTRACT 7.4), below the complaints' figures
      'GET /api/admin/grievances/report': () =>
        jsonResponse(200, { from: report.from, to: report.to, rows: [] }),
    });
    const { router } = renderRoutes(routes, ['/reports']);
    await screen.findByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025');
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('2025-01-01'));

    // From moved more than a year before To: said under From, which was changed (the server names To)
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2023-12-01' } });
    const from = screen.getByLabelText('From');
    await waitFor(() => expectPointedAt(from, MSG_REPORT.rangeTooLong));
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(MSG_REPORT.rangeTooLong)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    // nothing asked of the server; the heading, its period and the figures stay
    expect(reportCalls(fetch)).toEqual(['/api/complaints/admin/report']);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('Complaints filed from 1 Jan 2025 to 31 Mar 2025')).toBeInTheDocument();
    expect(screen.getByText('Filed', { selector: 'dt' }).parentElement).toHaveTextContent('1,250');

    // a date changed again clears it; To moved too far is said under To
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-02' } });
    await waitFor(() => expectPointedAt(screen.getByLabelText('To'), MSG_REPORT.rangeTooLong));
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    // and a To before From, under To, which was changed
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-31' } });
    await waitFor(() => expectPointedAt(screen.getByLabelText('To'), MSG_REPORT.rangeReversed));
    expect(reportCalls(fetch)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();

    // 366 days is a period the server takes
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-01-01&to=2026-01-01'));
  });

  it('still toasts and shows a failure that names no field', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/complaints/admin/report': () => jsonResponse(500, { message: 'Something went wrong' }),
    });
    renderRoutes(routes, ['/reports']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(error).toHaveBeenCalledWith('Something went wrong');
  });

  it('downloads the export through the link when the session cookie opens it', async () => {
    const clicked: Array<string | null> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href'));
    });
    mockFetch({
      'GET /api/complaints/admin/report': () => jsonResponse(200, report),
      'GET /api/auth/check-auth': () => jsonResponse(200, { user: {} }),
    });
    renderRoutes(routes, ['/reports?type=Hostel']);
    await screen.findByText(/^Complaints filed from/);
    fireEvent.click(screen.getByRole('link', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(clicked).toEqual(['/api/complaints/admin/export.csv?from=2025-01-01&to=2025-03-31&type=Hostel']),
    );
    expect(await screen.findByRole('link', { name: 'Export CSV' })).not.toHaveAttribute('aria-disabled');
  });
});
