import { MSG, manageComplaintsHeading, type TComplaint } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, warden } from '../test/fixtures';
import { ManageComplaints } from './manage-complaints';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stats = { total: 1, pending: 1, inProgress: 0, resolved: 0, rejected: 0, overdue: 0 };

function serve(current: { value: TComplaint }, put?: (body: unknown) => Response) {
  return mockFetch({
    'GET /api/complaints/authority': () => jsonResponse(200, { ...page([current.value]), stats }),
    'PUT /api/complaints/7': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      if (put) return put(body);
      current.value = { ...current.value, ...body };
      return jsonResponse(200, { message: MSG.statusUpdated, data: current.value });
    },
  });
}

describe('manage complaints', () => {
  it('titles the list Hostel 3 Complaints for a warden of hostel 3', async () => {
    serve({ value: complaint() });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    expect(screen.getByRole('heading', { level: 1, name: 'Hostel 3 Complaints' })).toBeInTheDocument();
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    // each row opens the complaint's page: its timeline, messages and photos
    expect(screen.getByRole('link', { name: 'View CMP-ABC123' })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-ABC123',
    );
  });

  it("titles the Network Department's filtered list as theirs, and All Complaints for the others (issue 33 row 19)", async () => {
    const network = {
      ...warden,
      designation: 'Network Department' as const,
      department: 'Network',
      hostelNo: null,
    };
    serve({ value: complaint() });
    renderRoutes([{ path: '/', element: <ManageComplaints user={network} /> }], ['/']);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Network Department complaints' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    expect(screen.queryByText('All Complaints')).toBeNull();
    // SPEC §6's "others see All Complaints" stays for the Other designation
    expect(manageComplaintsHeading({ ...warden, designation: 'Other', hostelNo: null })).toBe(
      'All Complaints',
    );
    expect(manageComplaintsHeading({ ...warden, designation: 'Hostel Clerk', hostelNo: 9 })).toBe(
      'Hostel 9 Complaints',
    );
  });

  it('updates a complaint through the modal and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const current = { value: complaint() };
    const fetch = serve(current);
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);

    const update = await screen.findByRole('button', { name: 'Update CMP-ABC123' });
    update.focus();
    fireEvent.click(update);
    const dialog = await screen.findByRole('dialog', { name: 'Update Complaint' });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'In Progress' } });
    fireEvent.change(within(dialog).getByLabelText('Remarks'), { target: { value: 'Router replaced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.statusUpdated));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ status: 'In Progress', remarks: 'Router replaced' });
    expect(await within(screen.getByRole('table')).findByText('In Progress')).toBeInTheDocument();
  });

  it('opens the update modal with empty remarks, not the previous remark', async () => {
    serve({ value: complaint({ status: 'In Progress', remarks: 'Technician on the way' }) });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    fireEvent.click(await screen.findByRole('button', { name: 'Update CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Complaint' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('In Progress');
    expect(within(dialog).getByLabelText('Remarks')).toHaveValue('');
  });

  it('closes the modal with Escape and gives focus back to the Update button', async () => {
    serve({ value: complaint() });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    const update = await screen.findByRole('button', { name: 'Update CMP-ABC123' });
    update.focus();
    fireEvent.click(update);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(update).toHaveFocus());
  });

  it('toasts Failed to update complaint status when saving fails', async () => {
    const error = vi.spyOn(toast, 'error');
    serve({ value: complaint() }, () => jsonResponse(403, { message: MSG.forbidden }));
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    fireEvent.click(await screen.findByRole('button', { name: 'Update CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.updateFailed));
  });

  it('filters by status', async () => {
    const fetch = serve({ value: complaint() });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    await screen.findByText('CMP-ABC123');
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'Resolved' } });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('status=Resolved'))).toBe(true),
    );
  });

  it('goes back to the last page with complaints when an update empties the page shown', async () => {
    // 21 Pending complaints: 20 on page 1 and one on page 2, until the warden resolves it
    let pending = Array.from({ length: 21 }, (_, i) =>
      complaint({ id: 100 - i, token: `CMP-N${100 - i}`, status: 'Pending' }),
    );
    mockFetch({
      'GET /api/complaints/authority': (url) => {
        const q = new URL(url, 'http://x').searchParams;
        const p = Number(q.get('page') ?? '1');
        const before = Number(q.get('before') ?? Infinity);
        const data = pending.filter((c) => c.id < before).slice(p > 1 && q.get('before') ? 0 : (p - 1) * 20);
        return jsonResponse(200, { ...page(data.slice(0, 20), pending.length, p), stats });
      },
      'PUT /api/complaints/80': () => {
        const done = { ...pending.find((c) => c.id === 80)!, status: 'Resolved' as const };
        pending = pending.filter((c) => c.id !== 80);
        return jsonResponse(200, { message: MSG.statusUpdated, data: done });
      },
    });
    const { router } = renderRoutes(
      [{ path: '/manage-complaints', element: <ManageComplaints user={warden} /> }],
      ['/manage-complaints?status=Pending'],
    );
    await screen.findByText('CMP-N100');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update CMP-N80' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'Resolved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending'));
    expect(await screen.findByText('CMP-N100')).toBeInTheDocument();
    expect(screen.queryByText('No complaints found.')).not.toBeInTheDocument();
  });

  it('keeps only the overdue complaints with one tap, in the URL and the request, from page 1', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/authority': (url) => {
        const q = new URL(url, 'http://x').searchParams;
        const p = Number(q.get('page'));
        const data =
          q.get('overdue') === 'true'
            ? [complaint({ id: 3, token: 'CMP-LATE', overdue: true, dueAt: '2025-01-18T10:00:00.000Z' })]
            : [complaint({ id: 30 - p, token: `CMP-P${p}` })];
        return jsonResponse(200, { ...page(data, q.get('overdue') ? 1 : 40, p), stats });
      },
    });
    const { router } = renderRoutes(
      [{ path: '/manage-complaints', element: <ManageComplaints user={warden} /> }],
      ['/manage-complaints?status=Pending'],
    );
    await screen.findByText('CMP-P1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('CMP-P2');
    expect(router.state.location.search).toBe('?status=Pending&page=2&before=29');

    const overdue = screen.getByRole('button', { name: 'Overdue' });
    expect(overdue).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(overdue);
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending&overdue=true'));
    expect(await screen.findByText('CMP-LATE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
    const last = String(fetch.mock.calls.at(-1)?.[0]);
    expect(last).toContain('overdue=true');
    expect(last).toContain('page=1');
    expect(last).not.toContain('before=');
    expect(screen.getByText(/^[\d,]+ days overdue$/)).toBeInTheDocument();

    // a second tap shows every complaint again
    fireEvent.click(screen.getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending'));
  });

  it('opens with the filters of its URL', async () => {
    const fetch = serve({ value: complaint({ overdue: true }) });
    renderRoutes(
      [{ path: '/manage-complaints', element: <ManageComplaints user={warden} /> }],
      ['/manage-complaints?overdue=true&status=In+Progress'],
    );
    await screen.findByText('CMP-ABC123');
    expect(screen.getByLabelText('Filter by status')).toHaveValue('In Progress');
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('status=In+Progress&overdue=true');
  });

  it('toasts Failed to fetch complaints when the list fails', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/complaints/authority': () => new Response('', { status: 502 }) });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchComplaintsFailed));
  });

  it('marks the remarks the server refused in the modal and keeps it open', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    serve({ value: complaint() }, () =>
      jsonResponse(400, {
        message: 'Remarks must be at most 500 characters',
        errors: [{ field: 'remarks', message: 'Remarks must be at most 500 characters' }],
      }),
    );
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    fireEvent.click(await screen.findByRole('button', { name: 'Update CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.updateFailed));
    expectPointedAt(within(dialog).getByLabelText('Remarks'), 'Remarks must be at most 500 characters');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('gives a warden on a phone each complaint as a card with its status, its student and Update', async () => {
    phoneWidth(360);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    serve({ value: complaint({ status: 'Pending' }) });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    const list = await screen.findByRole('list', { name: 'Hostel 3 Complaints' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('CMP-ABC123');
    expect(card).toHaveTextContent('Pending');
    expect(card).toHaveTextContent('The Wi-Fi drops every evening');
    expect(card).toHaveTextContent('Asha Kumari (BTECH/10001/23)');
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Update CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Complaint' });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'Resolved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.statusUpdated));
    expect(await within(list).findByText('Resolved')).toBeInTheDocument();
  });
});

describe('manage complaints by incident', () => {
  it("keeps the list to one incident's complaints, shows each one's incident, and goes back to all", async () => {
    phoneWidth();
    const linked = complaint({ incident: { id: 9, title: 'Water supply off in Block B' } });
    const fetch = serve({ value: linked });
    const { router } = renderRoutes(
      [{ path: '/', element: <ManageComplaints user={warden} /> }],
      ['/?incident=9'],
    );
    expect(await screen.findByText('Showing the complaints of incident #9.')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toContain('incident=9');
    expect(
      (await screen.findAllByRole('link', { name: 'Incident: Water supply off in Block B' }))[0],
    ).toHaveAttribute('href', '/incidents/9');
    fireEvent.click(screen.getByRole('button', { name: 'Show all complaints' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
