import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { incident } from '../test/fixtures';
import { IncidentGroups } from './incident-groups';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const group = {
  type: 'Hostel',
  hostelNo: 5,
  subType: 'Plumbing',
  count: 7,
  complaintIds: [11, 12, 13, 14, 15, 16, 17],
};

describe('possible incidents on the authority dashboard', () => {
  it('offers a group as one problem and declares it with its complaints preselected', async () => {
    phoneWidth();
    // once declared, the group is gone from the next answer (its complaints are linked)
    const declared = false;
    const fetch = mockFetch({
      'GET /api/incidents/groups': () => jsonResponse(200, { data: declared ? [] : [group] }),
      'POST /api/incidents': () =>
        jsonResponse(201, { message: 'Incident declared', data: incident({ id: 42 }) }),
    });
    const { router } = renderRoutes(
      [
        { path: '/', element: <IncidentGroups /> },
        { path: '/incidents/:id', element: <p>incident page</p> },
      ],
      ['/'],
    );
    expect(
      await screen.findByText('Looks like one problem: 7 complaints about Plumbing in Hostel 5'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Declare an incident' }));
    const title = screen.getByLabelText('Incident title');
    expect(title).toHaveValue('Plumbing problem in Hostel 5');
    fireEvent.change(title, { target: { value: 'Water supply off in Block B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Declare an incident' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/42'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      title: 'Water supply off in Block B',
      type: 'Hostel',
      hostelNo: 5,
      subType: 'Plumbing',
      complaintIds: group.complaintIds,
    });
  });

  it('refuses an empty title without asking the server', async () => {
    const fetch = mockFetch({ 'GET /api/incidents/groups': () => jsonResponse(200, { data: [group] }) });
    renderRoutes([{ path: '/', element: <IncidentGroups /> }], ['/']);
    fireEvent.click(await screen.findByRole('button', { name: 'Declare an incident' }));
    fireEvent.change(screen.getByLabelText('Incident title'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Declare an incident' }));
    expect(await screen.findByText('Please give the incident a title')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows nothing when nothing looks like one problem', async () => {
    const fetch = mockFetch({ 'GET /api/incidents/groups': () => jsonResponse(200, { data: [] }) });
    const { container } = renderRoutes([{ path: '/', element: <IncidentGroups /> }], ['/']);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
