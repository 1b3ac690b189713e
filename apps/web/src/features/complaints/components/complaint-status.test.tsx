import { MSG, MSG_COMPLAINT, type TComplaintWithHistory } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../../lib/api-client';
import { complaintCopy, savedCopy } from '../../../lib/saved-copies';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { admin, student, warden, withHistory } from '../test/fixtures';
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
    mockFetch({
      'GET /api/complaints/CMP-NONE': () => jsonResponse(404, { message: MSG.complaintNotFound }),
    });
    renderRoutes(routes, ['/complaint-status?token=CMP-NONE']);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.complaintNotFound);
  });

  it('falls back to Failed to fetch complaint without a server message', async () => {
    mockFetch({ 'GET /api/complaints/CMP-DOWN': () => new Response('', { status: 502 }) });
    renderRoutes(routes, ['/complaint-status?token=CMP-DOWN']);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.fetchComplaintFailed);
  });

  it('says "Invalid token" once, in the page, and not again in a toast', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({
      'GET /api/complaints/NOT-A-TOKEN': () => jsonResponse(400, { message: MSG_COMPLAINT.tokenInvalid }),
    });
    renderRoutes(routes, ['/complaint-status?token=NOT-A-TOKEN']);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_COMPLAINT.tokenInvalid);
    expect(screen.getAllByText(MSG_COMPLAINT.tokenInvalid)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('toasts when reading a complaint again fails while it is still shown', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    let down = false;
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () =>
        down ? new Response('', { status: 502 }) : jsonResponse(200, { data: withHistory() }),
    });
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByRole('heading', { name: 'Complaint CMP-ABC123' })).toBeInTheDocument();
    down = true;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchComplaintFailed));
    expect(screen.getByRole('heading', { name: 'Complaint CMP-ABC123' })).toBeInTheDocument();
  });

  it('marks the token field and keeps focus there when the search is empty', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({});
    renderRoutes(routes, ['/complaint-status']);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Complaint token'), MSG.tokenRequired));
  });

  it('shows the token once, in the heading', async () => {
    mockFetch({ 'GET /api/complaints/CMP-ABC123': () => jsonResponse(200, { data: withHistory() }) });
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByRole('heading', { name: 'Complaint CMP-ABC123' })).toBeInTheDocument();
    expect(screen.getAllByText('CMP-ABC123')).toHaveLength(1);
  });

  it('writes its dates day month year with a 24-hour time in the server time zone', async () => {
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () =>
        jsonResponse(200, {
          data: withHistory({
            createdAt: '2025-01-15T10:00:00.000Z',
            updatedAt: '2025-01-16T18:45:30.000Z',
            dueAt: '2025-01-18T10:00:00.000Z',
          }),
        }),
    });
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByText('15 Jan 2025, 15:30 IST', { selector: 'dd time' })).toBeInTheDocument();
    expect(screen.getByText('17 Jan 2025, 00:15 IST')).toHaveAttribute(
      'datetime',
      '2025-01-16T18:45:30.000Z',
    );
    expect(screen.getByText('18 Jan 2025, 15:30 IST')).toBeInTheDocument();
  });

  it('offers "Rate this resolution" on a resolved complaint the student has not rated', async () => {
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () =>
        jsonResponse(200, { data: { ...withHistory({ status: 'Resolved' }), rating: null } }),
    });
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByRole('link', { name: /Rate this resolution/ })).toHaveAttribute(
      'href',
      '/feedback?token=CMP-ABC123',
    );
  });

  it('shows the rating given instead, and nothing to rate while the complaint is open', async () => {
    let data: TComplaintWithHistory = { ...withHistory({ status: 'Resolved' }), rating: 4 };
    mockFetch({ 'GET /api/complaints/CMP-ABC123': () => jsonResponse(200, { data }) });
    const first = renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByText('You rated it 4 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rate this resolution/ })).toBeNull();
    first.unmount();

    data = { ...withHistory({ status: 'In Progress' }), rating: null };
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByRole('heading', { name: 'Complaint CMP-ABC123' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rate this resolution/ })).toBeNull();
  });

  it("shows an admin the student's rating, with nothing to rate", async () => {
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () =>
        jsonResponse(200, { data: { ...withHistory({ status: 'Resolved' }), rating: 2 } }),
    });
    renderRoutes(
      [{ path: '/complaint-status', element: <ComplaintStatus user={admin} /> }],
      ['/complaint-status?token=CMP-ABC123'],
    );
    expect(await screen.findByText('The student rated it 2 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rate this resolution/ })).toBeNull();
  });
});

describe('complaint page offline (issue 33)', () => {
  it('keeps the complaint its student reads, and offline shows it read only, marked as of when', async () => {
    storeToken('tok');
    let online = true;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () =>
        online
          ? jsonResponse(200, { data: withHistory() })
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    const first = renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByRole('heading', { name: 'Write to the authorities' })).toBeInTheDocument();
    await waitFor(() => expect(savedCopy(complaintCopy('CMP-ABC123'))?.data).toEqual(withHistory()));
    first.unmount();

    online = false;
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByRole('heading', { name: 'Complaint CMP-ABC123' })).toBeInTheDocument();
    expect(screen.getByText('The Wi-Fi drops every evening')).toBeInTheDocument();
    expect(screen.getByText(/^Saved copy as of/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'History' })).toBeInTheDocument();
    // read only: no message box, no photos, no reopening
    expect(screen.queryByRole('heading', { name: 'Write to the authorities' })).toBeNull();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    onLine.mockRestore();
  });

  it('keeps nothing an authority reads', async () => {
    storeToken('tok');
    mockFetch({ 'GET /api/complaints/CMP-ABC123': () => jsonResponse(200, { data: withHistory() }) });
    renderRoutes(
      [{ path: '/complaint-status', element: <ComplaintStatus user={warden} /> }],
      ['/complaint-status?token=CMP-ABC123'],
    );
    expect(await screen.findByRole('heading', { name: 'Complaint CMP-ABC123' })).toBeInTheDocument();
    expect(localStorage.getItem('saved-copies')).toBeNull();
  });
});

describe('a complaint of an incident', () => {
  it('names the incident to its student, and links it for an authority', async () => {
    const c = withHistory({ incident: { id: 9, title: 'Water supply off in Block B' } });
    mockFetch({ 'GET /api/complaints/CMP-ABC123': () => jsonResponse(200, { data: c }) });
    const { unmount } = renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(
      await screen.findByText('Part of a known problem: Water supply off in Block B'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Water supply off in Block B' })).toBeNull();
    unmount();
    renderRoutes(
      [{ path: '/complaint-status', element: <ComplaintStatus user={warden} /> }],
      ['/complaint-status?token=CMP-ABC123'],
    );
    expect(await screen.findByRole('link', { name: 'Water supply off in Block B' })).toHaveAttribute(
      'href',
      '/incidents/9',
    );
  });
});
