import { MSG_SECURITY, type TUser } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ManageAuthorities } from './manage-authorities';

const authority = (id: number, name: string, approved: boolean): TUser => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s/g, '.')}@bitmesra.ac.in`,
  role: 'authority',
  mobile: '9876543210',
  department: null,
  designation: 'Warden',
  hostelNo: id,
  roomNo: null,
  rollNo: null,
  session: null,
  approved,
  twoFactor: false,
});

const routes = [{ path: '/manage-authorities', element: <ManageAuthorities /> }];

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('manage authorities', () => {
  it("shows a page of authorities in the server's order with the counts over all pages, and pages on", async () => {
    const asked: string[] = [];
    mockFetch({
      'GET /api/admin/authorities': (url) => {
        const q = new URL(url, 'http://x').searchParams;
        asked.push(q.toString());
        if (q.get('approved') === 'false')
          return jsonResponse(200, {
            count: 3,
            page: 1,
            pageSize: 1,
            data: [authority(9, 'Zoya New', false)],
          });
        return q.get('page') === '2'
          ? jsonResponse(200, {
              count: 21,
              page: 2,
              pageSize: 20,
              data: [authority(1, 'Anil Approved', true)],
            })
          : jsonResponse(200, {
              count: 21,
              page: 1,
              pageSize: 20,
              data: [authority(9, 'Zoya New', false), authority(3, 'Carl Approved', true)],
            });
      },
    });
    renderRoutes(routes, ['/manage-authorities']);
    await screen.findByText('Zoya New');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Zoya New');
    expect(rows[0]).toHaveTextContent('Awaiting approval');
    expect(rows[1]).toHaveTextContent('Approved');
    expect(screen.getByRole('button', { name: 'Approve Zoya New' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke Carl Approved' })).toBeInTheDocument();
    expect(await screen.findByText('3 awaiting approval, 21 in all.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Anil Approved');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked).toContain('page=2&pageSize=20');
  });

  it('approves an authority and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let approved = false;
    let body: unknown;
    mockFetch({
      'GET /api/admin/authorities': () =>
        jsonResponse(200, { count: 1, data: [authority(2, 'Zoya New', approved)] }),
      'PUT /api/admin/authorities/2': (_url, init) => {
        body = JSON.parse(String(init?.body));
        approved = true;
        return jsonResponse(200, { data: authority(2, 'Zoya New', true) });
      },
    });
    renderRoutes(routes, ['/manage-authorities']);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Zoya New' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Zoya New approved'));
    expect(body).toEqual({ approved: true });
    expect(await screen.findByRole('button', { name: 'Revoke Zoya New' })).toBeInTheDocument();
  });

  it('toasts when the change is refused', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/admin/authorities': () =>
        jsonResponse(200, { count: 1, data: [authority(2, 'Zoya New', true)] }),
      'PUT /api/admin/authorities/2': () => jsonResponse(404, { message: 'Not found' }),
    });
    renderRoutes(routes, ['/manage-authorities']);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Zoya New' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke approval' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Not found'));
  });

  it('asks before revoking, in a dialog named after the authority; Cancel sends nothing', async () => {
    const calls = mockFetch({
      'GET /api/admin/authorities': () =>
        jsonResponse(200, { count: 1, page: 1, pageSize: 20, data: [authority(2, 'Zoya New', true)] }),
    });
    renderRoutes(routes, ['/manage-authorities']);
    const revoke = await screen.findByRole('button', { name: 'Revoke Zoya New' });
    revoke.focus();
    fireEvent.click(revoke);
    const dialog = screen.getByRole('dialog', { name: 'Revoke the approval of Zoya New?' });
    expect(dialog).toHaveAccessibleDescription('They will see no complaints until approved again.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(revoke).toHaveFocus();
    // Escape closes it too
    fireEvent.click(revoke);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('keeps the rows where they stand after a revoke, though the server now sorts the revoked one first', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let revoked = false;
    let page1Reads = 0;
    const carl = () => authority(3, 'Carl Approved', !revoked);
    const page1 = () =>
      // the server's order: those awaiting approval first
      revoked
        ? [carl(), authority(5, 'Anil Approved', true), authority(7, 'Bela Approved', true)]
        : [authority(5, 'Anil Approved', true), carl(), authority(7, 'Bela Approved', true)];
    mockFetch({
      'GET /api/admin/authorities': (url) => {
        const q = new URL(url, 'http://x').searchParams;
        if (q.get('approved') === 'false')
          return jsonResponse(200, { count: revoked ? 1 : 0, page: 1, pageSize: 1, data: [] });
        if (q.get('page') === '2')
          return jsonResponse(200, {
            count: 21,
            page: 2,
            pageSize: 20,
            data: [authority(9, 'Dev Later', true)],
          });
        page1Reads += 1;
        return jsonResponse(200, { count: 21, page: 1, pageSize: 20, data: page1() });
      },
      'PUT /api/admin/authorities/3': () => {
        revoked = true;
        return jsonResponse(200, { data: carl() });
      },
    });
    renderRoutes(routes, ['/manage-authorities']);
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('rowheader').textContent);
    await screen.findByText('Carl Approved');
    expect(names()).toEqual(['Anil Approved', 'Carl Approved', 'Bela Approved']);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Carl Approved' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke approval' }));
    expect(await screen.findByRole('button', { name: 'Approve Carl Approved' })).toBeInTheDocument();
    expect(names()).toEqual(['Anil Approved', 'Carl Approved', 'Bela Approved']);
    expect(await screen.findByText('1 awaiting approval, 21 in all.')).toBeInTheDocument();

    // away and back: page 1 is read again, in the server's new order, and still shown as before
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Dev Later');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(page1Reads).toBe(2));
    await screen.findByText('Carl Approved');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(names()).toEqual(['Anil Approved', 'Carl Approved', 'Bela Approved']);
  });

  it('shows each authority as a card on a phone, with its Approve button', async () => {
    phoneWidth(360);
    const page = (data: TUser[]) => jsonResponse(200, { count: data.length, page: 1, pageSize: 20, data });
    mockFetch({ 'GET /api/admin/authorities': () => page([authority(4, 'Zoya New', false)]) });
    renderRoutes(routes, ['/manage-authorities']);
    const list = await screen.findByRole('list', { name: 'Authorities' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card as HTMLElement).getByRole('heading', { name: 'Zoya New' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Awaiting approval');
    expect(card).toHaveTextContent('Warden · Hostel 4');
    expect(within(card as HTMLElement).getByRole('button', { name: 'Approve Zoya New' })).toBeInTheDocument();
  });
  it("turns off an authority's two-step sign-in after asking, and marks the row off", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const deleted: string[] = [];
    mockFetch({
      'GET /api/admin/authorities': () =>
        jsonResponse(200, {
          count: 2,
          page: 1,
          pageSize: 20,
          data: [{ ...authority(2, 'Zoya New', true), twoFactor: true }, authority(3, 'Carl Approved', true)],
        }),
      'DELETE /api/admin/users/2/two-factor': (url) => {
        deleted.push(url);
        return jsonResponse(200, { message: MSG_SECURITY.adminResetDone });
      },
    });
    renderRoutes(routes, ['/manage-authorities']);
    const row = (await screen.findByRole('rowheader', { name: 'Zoya New' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(MSG_SECURITY.authorityHasIt);
    // offered only where it is on
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in for Carl Approved' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Turn off two-step sign-in for Zoya New' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off two-step sign-in for Zoya New?' });
    expect(dialog).toHaveAccessibleDescription(MSG_SECURITY.adminResetExplained);
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_SECURITY.adminResetAction }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(`${MSG_SECURITY.adminResetDone}: Zoya New`));
    expect(deleted).toHaveLength(1);
    await waitFor(() => expect(row).not.toHaveTextContent(MSG_SECURITY.authorityHasIt));
    expect(within(row).queryByRole('button', { name: /Turn off two-step sign-in/ })).toBeNull();
  });
});
