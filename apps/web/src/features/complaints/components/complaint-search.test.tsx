import { MSG_SEARCH } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, student, warden } from '../test/fixtures';
import { ManageComplaints } from './manage-complaints';
import { StudentDashboard } from './student-dashboard';
import { ViewComplaints } from './view-complaints';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stats = { total: 2, pending: 2, inProgress: 0, resolved: 0, rejected: 0, overdue: 0 };
const geyser = complaint({ id: 8, token: 'CMP-GEYSER1', description: 'The geyser is broken' });

/** Answers a list with the geyser complaint for a search of "gey…", nothing for any other search. */
function serve(path: string, extra: object = {}) {
  return mockFetch({
    [`GET ${path}`]: (url) => {
      const q = new URL(url, 'http://x').searchParams.get('q');
      const rows = q === null ? [complaint(), geyser] : q.startsWith('gey') ? [geyser] : [];
      return jsonResponse(200, { ...page(rows), ...extra });
    },
  });
}

const searches = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('q'));

describe('complaint search', () => {
  it("searches the authority's list once typing pauses, and keeps the text in ?q=", async () => {
    const fetch = serve('/api/complaints/authority', { stats });
    const { router } = renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    const box = screen.getByLabelText('Search complaints');
    for (const text of ['g', 'ge', 'gey', 'geys']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=geys'));
    expect(await screen.findByText('CMP-GEYSER1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('CMP-ABC123')).toBeNull());
    // one request for the whole word typed, none for its first letters
    expect(searches(fetch)).toEqual([null, 'geys']);
  });

  it('opens at the search of its address, and shows "No complaints match" with a way back', async () => {
    const fetch = serve('/api/complaints/admin/all');
    const { router } = renderRoutes([{ path: '/', element: <ViewComplaints /> }], ['/?q=zzz&status=Pending']);
    expect(await screen.findByText(`${MSG_SEARCH.noMatch} “`, { exact: false })).toHaveTextContent(
      'No complaints match “zzz”.',
    );
    expect(screen.getByLabelText('Search complaints')).toHaveValue('zzz');
    // the CSV takes the search as well as the filters
    expect(screen.getByRole('link', { name: /CSV/ }).getAttribute('href')).toContain('q=zzz');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending'));
    expect(screen.getByLabelText('Search complaints')).toHaveValue('');
    expect(await screen.findByText('CMP-GEYSER1')).toBeInTheDocument();
    expect(searches(fetch)).toEqual(['zzz', null]);
  });

  it("searches the student's own list at once with Enter, at a phone's width", async () => {
    phoneWidth(360);
    const fetch = serve('/api/complaints/student');
    const { router } = renderRoutes([{ path: '/', element: <StudentDashboard user={student} /> }], ['/']);
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    const box = screen.getByLabelText('Search complaints');
    fireEvent.change(box, { target: { value: '  geyser ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.search).toBe('?q=geyser'));
    expect(await screen.findByText('CMP-GEYSER1')).toBeInTheDocument();
    expect(searches(fetch)).toEqual([null, 'geyser']);
  });

  it('follows the address back and forward', async () => {
    serve('/api/complaints/admin/all');
    const { router } = renderRoutes([{ path: '/', element: <ViewComplaints /> }], ['/?q=geyser']);
    expect(await screen.findByText('CMP-GEYSER1')).toBeInTheDocument();
    await router.navigate('/?q=other');
    await waitFor(() => expect(screen.getByLabelText('Search complaints')).toHaveValue('other'));
    expect(await screen.findByText('Clear search')).toBeInTheDocument();
  });

  it('says "More than 1,000 complaints" of a search counted to its limit, on the admin\'s and the authority\'s lists', async () => {
    const full = Array.from({ length: 20 }, (_, i) => complaint({ id: 100 - i, token: `CMP-WATER${i}` }));
    const more = { ...page(full, 1000), countAtLeast: true };
    mockFetch({
      'GET /api/complaints/admin/all': () => jsonResponse(200, more),
      'GET /api/complaints/authority': () => jsonResponse(200, { ...more, stats }),
    });
    const admin = renderRoutes([{ path: '/', element: <ViewComplaints /> }], ['/?q=water']);
    expect(await screen.findByText('More than 1,000 complaints')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of more than 50')).toBeInTheDocument();
    admin.unmount();
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/?q=water']);
    expect(await screen.findByText('More than 1,000 complaints')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('complaint search offline', () => {
  it('says a search needs a connection while offline, never a search that spins for ever', async () => {
    serve('/api/complaints/authority', { stats });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    fireEvent.change(screen.getByLabelText('Search complaints'), { target: { value: 'geyser' } });
    expect(await screen.findByText(/searching needs a connection/)).toBeInTheDocument();
    // the list as last read stays
    expect(screen.getByText('CMP-ABC123')).toBeInTheDocument();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(screen.queryByText(/searching needs a connection/)).not.toBeInTheDocument());
  });
});
