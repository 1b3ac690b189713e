import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page } from '../test/fixtures';
import { ViewComplaints } from './view-complaints';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/view-complaints', element: <ViewComplaints /> }];
const adminCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/complaints/admin/all'));

describe('view complaints', () => {
  it('filters at once from the URL on load', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/admin/all': () =>
        jsonResponse(
          200,
          page([complaint({ type: 'College', hostelNo: null, roomNo: null, subType: 'Library' })], 1),
        ),
    });
    renderRoutes(routes, ['/view-complaints?type=College']);
    // one complaint, in the singular (issue 51 row 9)
    expect(await screen.findByText('1 complaint')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('College');
    expect(adminCalls(fetch)[0]).toContain('type=College');
    // the admin reads each complaint's page (its timeline) from its row
    expect(screen.getByRole('link', { name: 'View CMP-ABC123' })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-ABC123',
    );
  });

  it('keeps the admin filters in the query string', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/admin/all': () =>
        jsonResponse(200, page([complaint({ assignedTo: { name: 'Dr Rao', designation: 'Warden' } })], 42)),
    });
    const { router } = renderRoutes(routes, ['/view-complaints']);
    expect(await screen.findByText('42 complaints')).toBeInTheDocument();
    expect(screen.getByText('Dr Rao')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Hostel'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Pending' } });
    // each applies as it is chosen: there is no Apply
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe('?hostelNo=3&status=Pending'));
    await waitFor(() => expect(adminCalls(fetch).at(-1)).toContain('hostelNo=3&status=Pending'));

    // the next page starts below the last complaint shown (keyset), and the URL keeps that start
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?hostelNo=3&status=Pending&page=2&before=7'),
    );
    await waitFor(() => expect(adminCalls(fetch).at(-1)).toContain('page=2&before=7'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Hostel')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('pages back to where each page started, and forgets the starts when the filters change', async () => {
    const pages: Record<string, number[]> = { '1': [30, 29], '2': [28, 27], '3': [26] };
    const fetch = mockFetch({
      'GET /api/complaints/admin/all': (url: string) => {
        const p = new URL(url, 'http://x').searchParams.get('page') ?? '1';
        return jsonResponse(
          200,
          page(
            (pages[p] ?? []).map((id) => complaint({ id, token: `CMP-${id}` })),
            5,
            Number(p),
            2,
          ),
        );
      },
    });
    const { router } = renderRoutes(routes, ['/view-complaints']);
    await screen.findByText('CMP-30');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('CMP-28');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('CMP-26');
    expect(router.state.location.search).toBe('?page=3&before=27');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&before=29'));
    expect(adminCalls(fetch).at(-1)).toContain('page=2&before=29');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(adminCalls(fetch).at(-1)).not.toContain('before=');
  });

  it('keeps only the overdue complaints with one tap, in the URL and the request, from page 1', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/admin/all': () => jsonResponse(200, page([complaint()], 42)),
    });
    const { router } = renderRoutes(routes, ['/view-complaints?type=Hostel&page=2&before=9']);
    await screen.findByText('42 complaints');
    const overdue = screen.getByRole('button', { name: 'Overdue' });
    expect(overdue).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(overdue);
    await waitFor(() => expect(router.state.location.search).toBe('?type=Hostel&overdue=true'));
    await waitFor(() => expect(adminCalls(fetch).at(-1)).toContain('type=Hostel&overdue=true&page=1'));
    expect(adminCalls(fetch).at(-1)).not.toContain('before=');
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');

    // another filter keeps it; Clear drops it with the rest
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Pending' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?type=Hostel&status=Pending&overdue=true'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('exports the filters applied, overdue included, as a link to the CSV', async () => {
    mockFetch({ 'GET /api/complaints/admin/all': () => jsonResponse(200, page([complaint()])) });
    renderRoutes(routes, ['/view-complaints?hostelNo=3&type=Hostel&status=Pending&overdue=true&page=2']);
    await screen.findByText('1 complaint');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/complaints/admin/export.csv?hostelNo=3&type=Hostel&status=Pending&overdue=true',
    );
    // a filter applies, and is exported, as soon as it is chosen (no Apply: issue 51 row 22)
    fireEvent.change(screen.getByLabelText('Hostel'), { target: { value: '5' } });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('hostelNo=5'),
    );
    // the file's times are in the server's zone, and the screen says which (CONTRACT 6.6)
    expect(screen.getByText(/^The CSV lists every complaint these filters keep\./)).toHaveTextContent(
      'Times in it are in Asia/Kolkata time (YYYY-MM-DD HH:MM:SS).',
    );
  });

  it("exports one incident's complaints with the other filters when the list shows them", async () => {
    mockFetch({ 'GET /api/complaints/admin/all': () => jsonResponse(200, page([complaint()])) });
    renderRoutes(routes, ['/view-complaints?incident=9&status=Pending']);
    expect(await screen.findByText('Showing the complaints of incident #9.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/complaints/admin/export.csv?status=Pending&incident=9',
    );
  });

  it('toasts Failed to fetch complaints when the list fails', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({
      'GET /api/complaints/admin/all': () => jsonResponse(400, { message: 'Type must be Hostel or College' }),
    });
    renderRoutes(routes, ['/view-complaints?type=Nope']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchComplaintsFailed));
  });
});
