import type { TGrievanceReport, TReport } from '@bit/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { Reports } from './reports';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const report: TReport = {
  from: '2026-03-01',
  to: '2026-04-30',
  filed: 0,
  resolved: 0,
  rejected: 0,
  resolutionHours: { median: null, p90: null },
  firstResponseHours: { median: null, p90: null },
  byMonth: [],
  byCategory: [],
  byHostel: [],
  backlog: { under1d: 0, d1to3: 0, d3to7: 0, over7d: 0 },
};

const grievances: TGrievanceReport = {
  from: '2026-03-01',
  to: '2026-04-30',
  rows: [
    {
      committee: 'sgrc',
      month: '2026-03',
      received: 1205,
      decided: 2,
      decidedByDue: 2,
      appealed: 2,
      appealsDecidedByDue: 1,
      openPastDue: 3,
      medianWorkingDays: 3.5,
    },
    {
      committee: 'icc',
      month: '2026-03',
      received: 1,
      decided: 0,
      decidedByDue: 0,
      appealed: 0,
      appealsDecidedByDue: 0,
      openPastDue: 1,
      medianWorkingDays: null,
    },
  ],
};

const routes = [{ path: '/reports', element: <Reports /> }];

function serve(answer: TGrievanceReport = grievances) {
  return mockFetch({
    'GET /api/complaints/admin/report': () => jsonResponse(200, report),
    'GET /api/admin/grievances/report': () => jsonResponse(200, answer),
  });
}

describe('the grievance report on the Reports screen (CONTRACT 7.4)', () => {
  it('shows per committee and month the counts and the median working days, over the period shown, with its CSV', async () => {
    const fetch = serve();
    renderRoutes(routes, ['/reports?from=2026-03-01&to=2026-04-30']);
    const table = await screen.findByRole('table', { name: 'Grievances by committee and month' });
    expect(screen.getByRole('heading', { level: 2, name: 'Grievances' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Committee',
      'Month',
      'Received',
      'Decided',
      'On time',
      'Appealed',
      'Appeals on time',
      'Past due',
      'Median working days',
    ]);
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/^SGRC/)).toEqual(['Mar 2026', '1,205', '2', '2', '2', '1', '3', '3.5']);
    // nothing decided: no median, said as "No data"
    expect(cells(/^ICC/)).toEqual(['Mar 2026', '1', '0', '0', '0', '0', '1', '—No data']);
    expect(screen.getByText(/Submitted from 1 Mar 2026 to 30 Apr 2026/)).toBeInTheDocument();
    // asked for the period of the complaint figures above, and the CSV of the same
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('grievances'));
    expect(asked).toEqual(['/api/admin/grievances/report?from=2026-03-01&to=2026-04-30']);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/grievances/report.csv?from=2026-03-01&to=2026-04-30',
    );
  });

  it('says when no grievance was submitted in the period', async () => {
    serve({ from: '2026-03-01', to: '2026-04-30', rows: [] });
    renderRoutes(routes, ['/reports?from=2026-03-01&to=2026-04-30']);
    expect(await screen.findByText('No grievances were submitted in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Grievances by committee and month' })).toBeNull();
  });

  it('lists each row with its figures named on a phone, nothing scrolling sideways', async () => {
    phoneWidth();
    serve();
    renderRoutes(routes, ['/reports?from=2026-03-01&to=2026-04-30']);
    const list = await screen.findByRole('list', { name: 'Grievances by committee and month' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('SGRC');
    expect(within(first).getByTitle("Students' Grievance Redressal Committee")).toHaveTextContent('SGRC');
    expect(within(first).getByText('Median working days').nextSibling).toHaveTextContent('3.5');
  });
});
