import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { student, withHistory } from '../test/fixtures';
import { ComplaintStatus } from './complaint-status';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/complaint-status', element: <ComplaintStatus user={student} /> }];

describe('complaint status', () => {
  it('searches automatically from the token in the URL', async () => {
    const c = withHistory({
      status: 'In Progress',
      remarks: 'Technician on the way',
      assignedTo: { name: 'Dr Rao', designation: 'Warden' },
    });
    c.history.push({
      status: 'In Progress',
      remarks: 'Technician on the way',
      by: { name: 'Dr Rao', designation: 'Warden' },
      at: '2025-01-16T10:00:00.000Z',
    });
    const fetch = mockFetch({ 'GET /api/complaints/CMP-ABC123': () => jsonResponse(200, { data: c }) });
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);

    expect(await screen.findByText('Complaint', { exact: false, selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Complaint token')).toHaveValue('CMP-ABC123');
    expect(screen.getByText('Dr Rao, Warden')).toBeInTheDocument();
    expect(screen.getByText('Asha Kumari (BTECH/10001/23)')).toBeInTheDocument();
    expect(screen.getByText('The Wi-Fi drops every evening')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Pending');
    expect(items[1]).toHaveTextContent('In Progress');
    expect(items[1]).toHaveTextContent('By Dr Rao (Warden)');
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/complaints/CMP-ABC123')).toBe(true);
  });

  it('asks for a token when the search is empty', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({});
    renderRoutes(routes, ['/complaint-status']);
    fireEvent.change(screen.getByLabelText('Complaint token'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.tokenRequired));
  });

  it('writes the trimmed token into the URL on search', async () => {
    mockFetch({
      'GET /api/complaints/CMP-XYZ9': () => jsonResponse(200, { data: withHistory({ token: 'CMP-XYZ9' }) }),
    });
    const { router } = renderRoutes(routes, ['/complaint-status']);
    fireEvent.change(screen.getByLabelText('Complaint token'), { target: { value: ' CMP-XYZ9 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?token=CMP-XYZ9'));
    expect(await screen.findByRole('list', { name: 'History' })).toBeInTheDocument();
  });

  it('shows the server message when the complaint is not found', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({
      'GET /api/complaints/CMP-NONE': () => jsonResponse(404, { message: MSG.complaintNotFound }),
    });
    renderRoutes(routes, ['/complaint-status?token=CMP-NONE']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.complaintNotFound));
  });

  it('falls back to Failed to fetch complaint without a server message', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/complaints/CMP-DOWN': () => new Response('', { status: 502 }) });
    renderRoutes(routes, ['/complaint-status?token=CMP-DOWN']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchComplaintFailed));
  });

  it('marks the token field and keeps focus there when the search is empty', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({});
    renderRoutes(routes, ['/complaint-status']);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Complaint token'), MSG.tokenRequired));
  });
});
