import { MSG_ASSIGN, type TComplaint } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, warden } from '../test/fixtures';
import { AuthorityDashboard } from './authority-dashboard';
import { ManageComplaints } from './manage-complaints';

// CONTRACT 7.5 on the authority's screens: the assignee on every row and card, the assignee filter,
// the Assign control in the update dialog, and "Assigned to me" on the dashboard.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stats = { total: 1, pending: 1, inProgress: 0, resolved: 0, rejected: 0, overdue: 0 };
const ravi = { id: 42, name: 'Ravi Kumar', designation: 'Network Department' as const };

function serve(current: { value: TComplaint }) {
  return mockFetch({
    'GET /api/complaints/authority': () =>
      jsonResponse(200, { ...page([current.value]), stats, assignedToMe: 3 }),
    'GET /api/authorities/assignable': () => jsonResponse(200, { data: [ravi] }),
    'PUT /api/complaints/7/assignee': (_url, init) => {
      const { userId } = JSON.parse(String(init?.body));
      current.value = { ...current.value, assignee: userId === null ? null : ravi };
      return jsonResponse(200, current.value);
    },
  });
}

describe('assignment', () => {
  it('shows every row its assignee, and Unassigned when it has none', async () => {
    serve({ value: complaint({ assignee: ravi }) });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Assignee: Ravi Kumar (Network Department)')).toBeInTheDocument();
  });

  it('shows the assignee on a card at 360 px', async () => {
    phoneWidth(360);
    serve({ value: complaint({ assignee: null }) });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    const card = (await screen.findByText('CMP-ABC123')).closest('li') as HTMLElement;
    expect(within(card).getByText('Unassigned')).toBeInTheDocument();
  });

  it('sends assignee=me and assignee=none from the Assignee filter', async () => {
    const fetch = serve({ value: complaint() });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    await screen.findByText('CMP-ABC123');
    const filter = screen.getByLabelText('Assignee');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anyone', 'Assigned to me', 'Unassigned']);
    fireEvent.change(filter, { target: { value: 'me' } });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('assignee=me'))).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: 'none' } });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('assignee=none'))).toBe(true),
    );
  });

  it('assigns from the update dialog by name, and clears', async () => {
    const success = vi.spyOn(toast, 'success');
    const fetch = serve({ value: complaint({ assignee: null }) });
    renderRoutes([{ path: '/', element: <ManageComplaints user={warden} /> }], ['/']);
    fireEvent.click(await screen.findByRole('button', { name: 'Update CMP-ABC123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Complaint' });
    expect(within(dialog).getByTestId('assignee')).toHaveTextContent('Unassigned');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    fireEvent.change(within(dialog).getByLabelText('Find an authority by name'), {
      target: { value: 'rav' },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Assign to Ravi Kumar' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_ASSIGN.assigned));
    expect(within(dialog).getByTestId('assignee')).toHaveTextContent('Ravi Kumar (Network Department)');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ userId: 42 });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_ASSIGN.clearedDone));
    expect(within(dialog).getByTestId('assignee')).toHaveTextContent('Unassigned');
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts.at(-1)![1]?.body))).toEqual({ userId: null });
  });

  it('counts "Assigned to me" on the dashboard, with a link to the list of them', async () => {
    serve({ value: complaint() });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);
    await screen.findByRole('list', { name: 'Complaint counts' });
    const card = (await screen.findByText(/Assigned to me/)).closest('div') as HTMLElement;
    await waitFor(() => expect(card).toHaveTextContent('Assigned to me: 3'));
    expect(within(card).getByRole('link', { name: 'Show mine' })).toHaveAttribute(
      'href',
      '/manage-complaints?assignee=me',
    );
  });
});
