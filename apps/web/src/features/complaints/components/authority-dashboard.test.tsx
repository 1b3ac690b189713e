import { MSG } from '@bit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, warden } from '../test/fixtures';
import { AuthorityDashboard } from './authority-dashboard';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stats = (total: number) => ({ total, pending: 4, inProgress: 1, resolved: 2, rejected: 0, overdue: 0 });

describe('authority dashboard', () => {
  it('shows who the authority is, the counts and the five newest complaints', async () => {
    const list = Array.from({ length: 5 }, (_, i) => complaint({ id: i + 1, token: `CMP-R${i + 1}` }));
    const fetch = mockFetch({
      'GET /api/complaints/authority': () => jsonResponse(200, { ...page(list, 7, 1, 5), stats: stats(7) }),
    });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);

    expect(screen.getByRole('heading', { name: 'Welcome, Dr Rao' })).toBeInTheDocument();
    expect(screen.getByText('Warden')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'Manage Complaints' })).toHaveAttribute(
      'href',
      '/manage-complaints',
    );
    expect(await screen.findByText('CMP-R5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CMP-R5' })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-R5',
    );
    expect(screen.getByRole('link', { name: 'Email settings' })).toHaveAttribute(
      'href',
      '/authority-settings',
    );
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getAllByText('15 Jan 2025', { exact: false })).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/manage-complaints');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('pageSize=5'))).toBe(true);
  });

  it('says how long ago each recent complaint was filed, by its day in the server time zone', async () => {
    const filed = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    mockFetch({
      'GET /api/complaints/authority': () =>
        jsonResponse(200, {
          ...page(
            [
              complaint({ createdAt: filed }),
              complaint({ id: 8, token: 'CMP-LATE', createdAt: '2025-01-15T20:00:00.000Z' }),
            ],
            2,
            1,
            5,
          ),
          stats: stats(2),
        }),
    });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);
    expect(await screen.findByText('3 days ago')).toHaveAttribute('datetime', filed);
    // 20:00 UTC on 15 Jan is 01:30 on 16 Jan in India
    expect(screen.getByText('16 Jan 2025')).toBeInTheDocument();
  });

  it('counts Overdue first, then the total and every status, which add up to it (issue 33 row 14)', async () => {
    mockFetch({
      'GET /api/complaints/authority': () =>
        jsonResponse(200, {
          ...page([complaint()], 14, 1, 5),
          stats: { total: 14, pending: 6, inProgress: 2, resolved: 5, rejected: 1, overdue: 3 },
        }),
    });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);
    const counts = screen.getByRole('list', { name: 'Complaint counts' });
    await waitFor(() => expect(counts).toHaveTextContent('Overdue3'));
    const cards = within(counts)
      .getAllByRole('listitem')
      .map((li) => [li.querySelector('p')?.textContent, li.querySelectorAll('p')[1]?.textContent]);
    expect(cards).toEqual([
      ['Overdue', '3'],
      ['Total Complaints', '14'],
      ['Pending', '6'],
      ['In Progress', '2'],
      ['Resolved', '5'],
      ['Rejected', '1'],
    ]);
    // two columns on a phone
    expect(counts).toHaveClass('grid-cols-2');
  });

  it('has no View All link with five complaints or fewer', async () => {
    mockFetch({
      'GET /api/complaints/authority': () =>
        jsonResponse(200, { ...page([complaint()], 1, 1, 5), stats: stats(5) }),
    });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
  });

  it('tells an authority awaiting approval why there is nothing to see', () => {
    mockFetch({});
    renderRoutes(
      [{ path: '/', element: <AuthorityDashboard user={{ ...warden, approved: false }} /> }],
      ['/'],
    );
    expect(
      screen.getByText(
        'Your account is awaiting approval by an administrator. You will see complaints once it is approved.',
      ),
    ).toBeInTheDocument();
  });

  it('dims Manage Complaints until approved, saying why, and keeps Notifications open (issue 33 row 13)', () => {
    const fetch = mockFetch({});
    renderRoutes(
      [{ path: '/', element: <AuthorityDashboard user={{ ...warden, approved: false }} /> }],
      ['/'],
    );
    expect(screen.queryByRole('link', { name: 'Manage Complaints' })).toBeNull();
    const manage = screen.getByRole('button', { name: 'Manage Complaints' });
    expect(manage).toHaveAttribute('aria-disabled', 'true');
    expect(manage).toHaveAccessibleDescription('Manage Complaints opens once your account is approved.');
    // still reachable by Tab, so a keyboard or screen reader user meets the reason
    manage.focus();
    expect(manage).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('toasts Failed to fetch dashboard data when the list fails', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/complaints/authority': () => jsonResponse(403, { message: MSG.forbidden }) });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchDashboardFailed));
  });
});
