import { MSG, type TNotification, type TUser } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { NotificationsManager } from './notifications-manager';
import { StudentNotifications } from './student-notifications';

const user = (patch: Partial<TUser>): TUser => ({
  id: 5,
  name: 'Warden Five',
  email: 'w5@bitmesra.ac.in',
  role: 'authority',
  mobile: null,
  department: null,
  designation: 'Warden',
  hostelNo: 3,
  roomNo: null,
  rollNo: null,
  session: null,
  approved: true,
  twoFactor: false,
  ...patch,
});

const notice = (id: number, patch: Partial<TNotification> = {}): TNotification => ({
  id,
  title: `Notice ${id}`,
  message: 'Line one\n  <b>not bold</b>',
  hostel: '3',
  pdfUrl: null,
  pdfName: null,
  createdAt: '2025-02-01T10:00:00Z',
  postedBy: { id: 5, name: 'Warden Five', role: 'authority', designation: 'Warden' },
  ...patch,
});

const page = (data: TNotification[]) => ({ count: data.length, page: 1, pageSize: 10, data });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('notice pages', () => {
  it('read the next page below the last notice shown, and go back to where the first began', async () => {
    const fetch = mockFetch({
      'GET /api/notifications/3': (url: string) => {
        const p = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
        const data = p === 1 ? [notice(30), notice(29)] : [notice(28)];
        return jsonResponse(200, { count: 12, page: p, pageSize: 10, data });
      },
    });
    renderRoutes([{ path: '/s', element: <StudentNotifications userHostel={3} /> }], ['/s']);
    await screen.findByText('Notice 30');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Notice 28');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('page=2&pageSize=10&before=29');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Notice 30');
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('before='))).toHaveLength(1);
  });
});

describe('notifications manager', () => {
  const mine = notice(1);
  const theirs = notice(2, {
    postedBy: { id: 9, name: 'Other', role: 'admin', designation: null },
    hostel: 'all',
  });

  it('asks for confirmation before deleting a notice', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetch = mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([mine])) });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Notice 1' }));
    expect(confirm).toHaveBeenCalledWith(MSG.confirmDelete);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('deletes after confirmation and toasts', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let gone = false;
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page(gone ? [] : [mine])),
      'DELETE /api/notifications/1': () => {
        gone = true;
        return jsonResponse(200, { message: MSG.notificationDeleted });
      },
    });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Notice 1' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.notificationDeleted));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it('goes back to the last page with notices when the only notice of a later page is deleted', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    // ten notices on page 1, one on page 2, until it is deleted
    let notices = Array.from({ length: 11 }, (_, i) => notice(20 - i));
    const fetch = mockFetch({
      'GET /api/notifications': (url: string) => {
        const p = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
        const data = notices.slice((p - 1) * 10, p * 10);
        return jsonResponse(200, { count: notices.length, page: p, pageSize: 10, data });
      },
      'DELETE /api/notifications/10': () => {
        notices = notices.filter((n) => n.id !== 10);
        return jsonResponse(200, { message: MSG.notificationDeleted });
      },
    });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    await screen.findByText('Notice 20');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Notice 10' }));
    expect(await screen.findByText('Notice 20')).toBeInTheDocument();
    expect(screen.queryByText('No notifications yet.')).not.toBeInTheDocument();
    expect(
      String(fetch.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').at(-1)?.[0]),
    ).toContain('page=1');
  });

  it('offers delete only on the notices an authority posted, and on every notice to an admin', async () => {
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([mine, theirs])) });
    const { unmount } = renderRoutes(
      [{ path: '/n', element: <NotificationsManager user={user({})} /> }],
      ['/n'],
    );
    await screen.findByText('Notice 2');
    expect(screen.getByRole('button', { name: 'Delete Notice 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Notice 2' })).toBeNull();
    unmount();
    renderRoutes(
      [
        {
          path: '/n',
          element: <NotificationsManager user={user({ id: 1, role: 'admin', hostelNo: null })} />,
        },
      ],
      ['/n'],
    );
    await screen.findByText('Notice 2');
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(2);
  });

  it('keeps the form waiting, with the reason, and offers no Delete to an authority awaiting approval', async () => {
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([mine, theirs])) });
    renderRoutes(
      [{ path: '/n', element: <NotificationsManager user={user({ approved: false })} /> }],
      ['/n'],
    );
    await screen.findByText('Notice 2');
    const reason = "Your account is awaiting an admin's approval. You can post notices once it is approved.";
    expect(screen.getByText(reason)).toBeInTheDocument();
    const group = screen.getByRole('group');
    expect(group).toBeDisabled();
    expect(group).toHaveAccessibleDescription(reason);
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it("names each notice's poster with their designation, an admin as Admin (issue 33 row 19)", async () => {
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([mine, theirs])) });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    expect(await screen.findByText(/Posted by Warden Five \(Warden\)/)).toBeInTheDocument();
    expect(screen.getByText(/Posted by Other \(Admin\)/)).toBeInTheDocument();
    expect(screen.queryByText(/\((authority|admin)\)/)).toBeNull();
  });

  it('posts the form as multipart with the target and the PDF', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let sent: FormData | undefined;
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page(sent ? [notice(3)] : [])),
      'POST /api/notifications': (_url, init) => {
        sent = init?.body as FormData;
        return jsonResponse(201, { message: MSG.notificationPosted, data: notice(3) });
      },
    });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    await screen.findByText('No notifications yet.');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Water cut' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'No water at 5 pm' } });
    fireEvent.change(screen.getByLabelText('Target'), { target: { value: '3' } });
    const input = screen.getByLabelText('PDF attachment (optional)');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');
    const pdf = new File(['%PDF-1.4\n%%EOF'], 'notice.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    await new Promise((r) => setTimeout(r, 20));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.notificationPosted));
    expect(sent).toBeInstanceOf(FormData);
    expect(sent?.get('title')).toBe('Water cut');
    // focus moves on to the notice just posted (issue 33 row 21)
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Notice 3' })).toHaveFocus());
    expect(sent?.get('hostel')).toBe('3');
    expect((sent?.get('pdf') as File | undefined)?.name).toBe('notice.pdf');
  });

  it('refuses a file that is not a PDF', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([])) });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    const input = await screen.findByLabelText('PDF attachment (optional)');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.pdfOnly));
  });

  it('shows the server message when posting is refused', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page([])),
      'POST /api/notifications': () => jsonResponse(403, { message: 'Your account awaits approval' }),
    });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    await screen.findByText('No notifications yet.');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'T' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'M' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your account awaits approval'));
  });

  it('asks for a title before posting', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([])) });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    fireEvent.click(await screen.findByRole('button', { name: 'Post' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please enter a title'));
  });
  it('points at the title and the message when they are missing, and ties the message counter to it', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([])) });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    fireEvent.click(await screen.findByRole('button', { name: 'Post' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Title'), 'Please enter a title'));
    expectPointedAt(screen.getByLabelText('Message'), 'Please enter a message', { focused: false });
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      expect.stringContaining('0 / 5000 characters'),
    );
  });

  it('points at the attachment when the file is not a PDF', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([])) });
    renderRoutes([{ path: '/n', element: <NotificationsManager user={user({})} /> }], ['/n']);
    const input = await screen.findByLabelText('PDF attachment (optional)');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    await waitFor(() => expectPointedAt(input, MSG.pdfOnly));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('PDF only, at most 10 MB.'));
  });
});

describe('notice audience (CONTRACT 5.8)', () => {
  const targetsOffered = () =>
    within(screen.getByLabelText('Target'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);

  it('offers a Hostel Clerk or Warden only their own hostel, chosen, and says so', async () => {
    let sent: FormData | undefined;
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page([])),
      'POST /api/notifications': (_url, init) => {
        sent = init?.body as FormData;
        return jsonResponse(201, { message: MSG.notificationPosted, data: notice(9) });
      },
    });
    for (const designation of ['Hostel Clerk', 'Warden'] as const) {
      const { unmount } = renderRoutes(
        [{ path: '/n', element: <NotificationsManager user={user({ designation, hostelNo: 7 })} /> }],
        ['/n'],
      );
      await screen.findByText('No notifications yet.');
      expect(targetsOffered()).toEqual(['7']);
      expect(screen.getByLabelText('Target')).toHaveValue('7');
      expect(screen.getByLabelText('Target')).toHaveAccessibleDescription(
        'You can post to your own hostel only.',
      );
      unmount();
    }
    renderRoutes(
      [{ path: '/n', element: <NotificationsManager user={user({ designation: 'Warden', hostelNo: 7 })} /> }],
      ['/n'],
    );
    await screen.findByText('No notifications yet.');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Water cut' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'No water at 5 pm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent?.get('hostel')).toBe('7'));
  });

  it('offers the Network Department, Other and admins every audience, starting from all', async () => {
    mockFetch({ 'GET /api/notifications': () => jsonResponse(200, page([])) });
    for (const who of [
      user({ designation: 'Network Department', hostelNo: null }),
      user({ designation: 'Other', hostelNo: null }),
      user({ role: 'admin', designation: null, hostelNo: null }),
    ]) {
      const { unmount } = renderRoutes(
        [{ path: '/n', element: <NotificationsManager user={who} /> }],
        ['/n'],
      );
      await screen.findByText('No notifications yet.');
      expect(targetsOffered()).toHaveLength(14);
      expect(screen.getByLabelText('Target')).toHaveValue('all');
      unmount();
    }
  });
});

describe('student notifications', () => {
  it("defaults the picker to the user's hostel and lists that hostel's notices as plain text", async () => {
    const fetch = mockFetch({
      'GET /api/notifications/3': () =>
        jsonResponse(200, page([notice(1, { pdfUrl: '/api/notifications/1/pdf', pdfName: 'a.pdf' })])),
    });
    renderRoutes([{ path: '/s', element: <StudentNotifications userHostel={3} /> }], ['/s']);
    expect(screen.getByLabelText('Show notices for')).toHaveValue('3');
    const item = (await screen.findByText('Notice 1')).closest('article')!;
    expect(within(item).getByText('Hostel 3')).toBeInTheDocument();
    const message = within(item).getByText(/Line one/);
    expect(message.textContent).toBe('Line one\n  <b>not bold</b>');
    expect(message.querySelector('b')).toBeNull();
    const link = within(item).getByRole('link', { name: /Open PDF/ });
    expect(link).toHaveAttribute('href', '/api/notifications/1/pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/notifications/3'))).toBe(true);
  });

  it('shows all notices by default and switches with the picker', async () => {
    mockFetch({
      'GET /api/notifications/all': () => jsonResponse(200, page([notice(1, { hostel: 'all' })])),
      'GET /api/notifications/4': () => jsonResponse(200, page([])),
    });
    renderRoutes([{ path: '/s', element: <StudentNotifications /> }], ['/s']);
    expect(screen.getByLabelText('Show notices for')).toHaveValue('all');
    expect(await screen.findByText('All hostels')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show notices for'), { target: { value: '4' } });
    expect(await screen.findByText('No notifications for Hostel 4 yet.')).toBeInTheDocument();
  });

  it('toasts when the notices cannot be fetched', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/notifications/all': () => jsonResponse(503, {}) });
    renderRoutes([{ path: '/s', element: <StudentNotifications /> }], ['/s']);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(MSG.fetchNotificationsFailed, expect.objectContaining({})),
    );
  });
});
