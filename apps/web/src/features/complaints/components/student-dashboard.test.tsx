import { MSG, MSG_CONVERSATION } from '@bit/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../../lib/api-client';
import { saveCopy, savedCopy } from '../../../lib/saved-copies';
import { phoneWidth } from '../../../test/screen-width';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, daysAgo, page, student } from '../test/fixtures';
import { StudentDashboard } from './student-dashboard';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/student-dashboard', element: <StudentDashboard user={student} /> }];

describe('student dashboard', () => {
  it('lists the student complaints with a View link to the status page', async () => {
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(200, page([complaint()])) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(screen.getByRole('heading', { name: 'Welcome, Asha Kumari' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'File New Complaint' })).toHaveAttribute(
      'href',
      '/file-complaint',
    );
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-ABC123',
    );
    // one page: no pager with nowhere to go
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByText('Page 1 of 1')).toBeNull();
  });

  it('holds the card of the list until what goes above it has come, so nothing pushes the card down (issue 51 row 23)', async () => {
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(200, page([complaint()])) });
    let settle = () => {};
    function WithAside() {
      const [pending, setPending] = useState(true);
      settle = () => setPending(false);
      return (
        <StudentDashboard user={student} aside={<p>Known problems</p>} asidePending={pending}>
          <p>Under the list</p>
        </StudentDashboard>
      );
    }
    renderRoutes([{ path: '/student-dashboard', element: <WithAside /> }], ['/student-dashboard']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // what goes above the list has not come: a placeholder holds its place, no card below it yet
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Complaints' })).toBeNull();
    expect(screen.queryByText('Under the list')).toBeNull();
    act(() => settle());
    expect(screen.getByText('Known problems')).toBeInTheDocument();
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    expect(screen.getByText('Under the list')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading...' })).toBeNull();
  });

  it('draws what the app adds above the list at once when it is there, before the list comes', async () => {
    mockFetch({ 'GET /api/complaints/student': () => new Promise<Response>(() => {}) });
    renderRoutes(
      [
        {
          path: '/student-dashboard',
          element: <StudentDashboard user={student} aside={<p>Known problems</p>} />,
        },
      ],
      ['/student-dashboard'],
    );
    expect(screen.getByText('Known problems')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Complaints' })).toBeInTheDocument();
  });

  it('says so when there are no complaints', async () => {
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(200, page([])) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('You have not filed any complaints yet.')).toBeInTheDocument();
  });

  it('pages through the complaints', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/student': (url) => {
        const p = Number(new URL(url, 'http://x').searchParams.get('page'));
        return jsonResponse(200, page([complaint({ id: p, token: `CMP-PAGE${p}` })], 25, p, 20));
      },
    });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('CMP-PAGE2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true);
    // page 2 is read below the last complaint of page 1 (keyset), not by skipping
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('page=2&pageSize=20&before=1');
  });

  it('toasts Failed to fetch your complaints when the list fails', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(503, { message: MSG.dbUnavailable }) });
    renderRoutes(routes, ['/student-dashboard']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchYourComplaintsFailed));
  });

  it('offers Reopen on a recently resolved complaint, and says why not on the others', async () => {
    mockFetch({
      'GET /api/complaints/student': () =>
        jsonResponse(
          200,
          page([
            complaint({ id: 1, token: 'CMP-OPEN1', status: 'In Progress' }),
            complaint({ id: 2, token: 'CMP-FIXED', status: 'Resolved', updatedAt: daysAgo(3) }),
            complaint({ id: 3, token: 'CMP-OLD', status: 'Rejected', updatedAt: daysAgo(20) }),
            complaint({
              id: 4,
              token: 'CMP-TWICE',
              status: 'Resolved',
              updatedAt: daysAgo(1),
              reopenCount: 2,
            }),
            complaint({ id: 5, token: 'CMP-RATED', status: 'Resolved', updatedAt: daysAgo(1), rating: 4 }),
          ]),
        ),
    });
    renderRoutes(routes, ['/student-dashboard']);
    const row = async (token: string) => (await screen.findByText(token)).closest('tr') as HTMLElement;
    expect(within(await row('CMP-OPEN1')).queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
    expect(
      within(await row('CMP-FIXED')).getByRole('button', { name: 'Reopen CMP-FIXED' }),
    ).toBeInTheDocument();
    expect(await row('CMP-OLD')).toHaveTextContent('Reopening closes 14 days after a complaint is rejected.');
    expect(await row('CMP-TWICE')).toHaveTextContent('This complaint was already reopened twice');
    expect(within(await row('CMP-TWICE')).queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
    // feedback closes it (CONTRACT 5.4): no button the server would refuse
    expect(await row('CMP-RATED')).toHaveTextContent('A complaint you have rated cannot be reopened.');
    expect(within(await row('CMP-RATED')).queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
  });

  it('reopens a complaint from its row with a reason, and the list shows it Pending again', async () => {
    const success = vi.spyOn(toast, 'success');
    let current = complaint({ status: 'Resolved', updatedAt: daysAgo(2) });
    const fetch = mockFetch({
      'GET /api/complaints/student': () => jsonResponse(200, page([current])),
      'POST /api/complaints/7/reopen': () => {
        current = { ...current, status: 'Pending', reopenCount: 1 };
        return jsonResponse(200, { message: MSG_CONVERSATION.reopened, data: current });
      },
    });
    renderRoutes(routes, ['/student-dashboard']);
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen complaint CMP-ABC123' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'The Wi-Fi drops again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen complaint' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_CONVERSATION.reopened));
    const post = fetch.mock.calls.find(([url]) => String(url).endsWith('/reopen'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'The Wi-Fi drops again' });
    expect(await within(screen.getByRole('table')).findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen CMP-ABC123' })).not.toBeInTheDocument();
  });

  it('asks for a reason before reopening', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/complaints/student': () =>
        jsonResponse(200, page([complaint({ status: 'Resolved', updatedAt: daysAgo(2) })])),
    });
    renderRoutes(routes, ['/student-dashboard']);
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen complaint' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG_CONVERSATION.reasonRequired));
    expectPointedAt(within(dialog).getByLabelText('Reason'), MSG_CONVERSATION.reasonRequired);
  });

  it('shows each complaint as a card on a phone: token, status, problem, age and actions, no table', async () => {
    phoneWidth(360);
    mockFetch({
      'GET /api/complaints/student': () =>
        jsonResponse(
          200,
          page([
            complaint({ id: 1, token: 'CMP-OPEN1', status: 'In Progress', createdAt: daysAgo(3) }),
            complaint({ id: 2, token: 'CMP-FIXED', status: 'Resolved', updatedAt: daysAgo(1), rating: null }),
          ]),
        ),
    });
    renderRoutes(routes, ['/student-dashboard']);
    const list = await screen.findByRole('list', { name: 'Your complaints' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const open = cards[0] as HTMLElement;
    expect(within(open).getByRole('heading', { name: 'CMP-OPEN1' })).toBeInTheDocument();
    expect(open).toHaveTextContent('In Progress');
    expect(open).toHaveTextContent('Internet · Hostel 3, room 214');
    expect(open).toHaveTextContent('3 days ago');
    expect(within(open).getByRole('link', { name: 'View CMP-OPEN1' })).toBeInTheDocument();
    const fixed = cards[1] as HTMLElement;
    expect(within(fixed).getByRole('button', { name: 'Reopen CMP-FIXED' })).toBeInTheDocument();
    expect(within(fixed).getByRole('link', { name: /Rate this resolution/ })).toHaveAttribute(
      'href',
      '/feedback?token=CMP-FIXED',
    );
  });

  it('keeps the table from the sm breakpoint on, with the filing day and its age', async () => {
    phoneWidth(800);
    mockFetch({
      'GET /api/complaints/student': () =>
        jsonResponse(200, page([complaint({ createdAt: '2025-01-15T20:00:00.000Z' })])),
    });
    renderRoutes(routes, ['/student-dashboard']);
    const table = await screen.findByRole('table', { name: 'Your complaints' });
    // 20:00 UTC is 01:30 the next day in India
    expect(within(table).getByText('16 Jan 2025')).toHaveAttribute('datetime', '2025-01-15T20:00:00.000Z');
    expect(within(table).getByText(/ago$/)).toBeInTheDocument();
  });

  it('offers "Rate this resolution" on a resolved, unrated complaint, and shows the rating once given', async () => {
    mockFetch({
      'GET /api/complaints/student': () =>
        jsonResponse(
          200,
          page([
            complaint({
              id: 1,
              token: 'CMP-UNRATED',
              status: 'Resolved',
              updatedAt: daysAgo(1),
              rating: null,
            }),
            complaint({ id: 2, token: 'CMP-RATED', status: 'Resolved', updatedAt: daysAgo(1), rating: 4 }),
            complaint({ id: 3, token: 'CMP-OPEN', status: 'Pending', rating: null }),
          ]),
        ),
    });
    renderRoutes(routes, ['/student-dashboard']);
    const row = async (token: string) => (await screen.findByText(token)).closest('tr') as HTMLElement;
    expect(
      within(await row('CMP-UNRATED')).getByRole('link', { name: /Rate this resolution/ }),
    ).toHaveAttribute('href', '/feedback?token=CMP-UNRATED');
    expect(within(await row('CMP-RATED')).queryByRole('link', { name: /Rate this resolution/ })).toBeNull();
    expect(await row('CMP-RATED')).toHaveTextContent('You rated it 4 of 5');
    expect(within(await row('CMP-OPEN')).queryByRole('link', { name: /Rate this resolution/ })).toBeNull();
  });
});

describe('student dashboard offline (issue 33)', () => {
  const resolved = complaint({ token: 'CMP-FIXED', status: 'Resolved', updatedAt: daysAgo(1) });

  it('keeps each list it reads for offline use', async () => {
    storeToken('tok');
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(200, page([resolved])) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByRole('button', { name: 'Reopen CMP-FIXED' })).toBeInTheDocument();
    expect(screen.queryByText(/Saved copy as of/)).toBeNull();
    await waitFor(() => expect(savedCopy('mine:1:')?.data).toEqual(page([resolved])));
  });

  it('offline, shows the list last read, marked as of when, read only, and no failure toast', async () => {
    storeToken('tok');
    saveCopy(student, 'mine:1:', page([resolved]));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = vi.spyOn(toast, 'error');
    mockFetch({
      'GET /api/complaints/student': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderRoutes(routes, ['/student-dashboard']);

    expect(await screen.findByText('CMP-FIXED')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Saved copy as of \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );
    expect(screen.getByRole('link', { name: 'View CMP-FIXED' })).toBeInTheDocument();
    // read only: nothing that would need the server
    expect(screen.queryByRole('button', { name: /Reopen/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Rate this resolution/ })).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('offline with nothing kept, says so instead of Loading... for ever', async () => {
    storeToken('tok');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch({
      'GET /api/complaints/student': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderRoutes(routes, ['/student-dashboard']);
    expect(
      await screen.findByText(
        'You are offline, and this was not saved on this device. It shows once you are back online.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
