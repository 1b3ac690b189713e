import { MSG, type TUser } from '@bit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { AdminDashboard, formatAverage } from './admin-dashboard';

const admin: TUser = {
  id: 1,
  name: 'Dean Admin',
  email: 'admin@bitmesra.ac.in',
  role: 'admin',
  mobile: null,
  department: null,
  designation: null,
  hostelNo: null,
  roomNo: null,
  rollNo: null,
  session: null,
  approved: true,
  twoFactor: false,
};

const stats = {
  total: 12,
  pending: 5,
  inProgress: 3,
  resolved: 3,
  rejected: 1,
  overdue: 2,
  averageRating: 4.25,
  feedbackCount: 4,
  byHostel: [
    { hostelNo: 3, total: 6 },
    { hostelNo: 1, total: 2 },
  ],
  byType: { Hostel: 8, College: 4 },
};

const feedback = {
  count: 1,
  page: 1,
  pageSize: 5,
  averageRating: 4.3,
  data: [
    {
      id: 1,
      rating: 4,
      comments: 'Fixed the same day',
      createdAt: '2025-01-01T00:00:00Z',
      complaint: { id: 3, token: 'CMP-XYZ12345', type: 'Hostel', subType: 'Fan' },
      student: { name: 'Asha Kumari', rollNo: 'BTECH/10001/23' },
    },
  ],
};

const routes = [{ path: '/admin-dashboard', element: <AdminDashboard user={admin} /> }];

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('admin dashboard', () => {
  it('shows the average rating to one decimal', async () => {
    mockFetch({
      'GET /api/complaints/admin/stats': () => jsonResponse(200, stats),
      'GET /api/feedback': () => jsonResponse(200, feedback),
    });
    renderRoutes(routes, ['/admin-dashboard']);
    const avg = (await screen.findByText('Average Rating')).parentElement!;
    expect(within(avg).getByText('4.3')).toBeInTheDocument();
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(null)).toBe('No ratings yet');
  });

  it('shows the counts, the recent feedback and a labelled bar for each status and hostel', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/admin/stats': () => jsonResponse(200, stats),
      'GET /api/feedback': () => jsonResponse(200, feedback),
    });
    renderRoutes(routes, ['/admin-dashboard']);
    const total = (await screen.findByText('Total')).parentElement!;
    expect(within(total).getByText('12')).toBeInTheDocument();
    const overdue = screen.getByText('Overdue').parentElement!;
    expect(within(overdue).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overdue Complaints' })).toHaveAttribute(
      'href',
      '/view-complaints?overdue=true',
    );
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(await screen.findByText('Fixed the same day')).toBeInTheDocument();
    expect(screen.getByText('CMP-XYZ12345')).toBeInTheDocument();
    expect(screen.getByText(/Asha Kumari \(BTECH\/10001\/23\)/)).toBeInTheDocument();
    const byStatus = screen.getByRole('figure', { name: 'Complaints by status' });
    expect(within(byStatus).getByText('In Progress').parentElement).toHaveTextContent('3');
    const byHostel = screen.getByRole('figure', { name: 'Hostel complaints by hostel' });
    expect(within(byHostel).getByText('Hostel 3').parentElement).toHaveTextContent('6');
    expect(screen.getByRole('link', { name: 'Post Notification' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'College Complaints' })).toHaveAttribute(
      'href',
      '/view-complaints?type=College',
    );
    expect(screen.getByRole('link', { name: 'Manage Authorities' })).toHaveAttribute(
      'href',
      '/manage-authorities',
    );
    const feedbackCall = fetch.mock.calls.find(([url]) => String(url).startsWith('/api/feedback'));
    expect(String(feedbackCall?.[0])).toContain('pageSize=5');
  });

  it('says when nobody has rated anything yet', async () => {
    mockFetch({
      'GET /api/complaints/admin/stats': () =>
        jsonResponse(200, { ...stats, averageRating: null, feedbackCount: 0 }),
      'GET /api/feedback': () => jsonResponse(200, { ...feedback, count: 0, data: [] }),
    });
    renderRoutes(routes, ['/admin-dashboard']);
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
  });

  it('toasts when the dashboard data cannot be fetched', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/complaints/admin/stats': () => jsonResponse(503, {}) });
    renderRoutes(routes, ['/admin-dashboard']);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(MSG.fetchDashboardFailed, expect.objectContaining({})),
    );
  });
});
