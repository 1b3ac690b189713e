import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { incident, linkedComplaint } from '../test/fixtures';
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

/** The authority's list: three of the group's seven among its newest (the rest answered as "more"). */
const listed = {
  'GET /api/complaints/authority': () =>
    jsonResponse(200, {
      data: [11, 12, 13, 99].map((id) => linkedComplaint({ id, token: `CMP-G${id}`, incident: null })),
      count: 4,
      page: 1,
      pageSize: 100,
    }),
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
      ...listed,
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
    const title = await screen.findByLabelText('Incident title');
    expect(title).toHaveValue('Plumbing problem in Hostel 5');
    fireEvent.change(title, { target: { value: 'Water supply off in Block B' } });
    // the complaints it links are listed, each checked; one left out is not linked (issue 51)
    const picks = screen.getByRole('group', { name: 'Complaints to link' });
    expect(within(picks).getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(within(picks).getByRole('checkbox', { name: /CMP-G12/ }));
    expect(screen.getByText('and 4 more complaints of the group')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Declare an incident' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/42'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      title: 'Water supply off in Block B',
      type: 'Hostel',
      hostelNo: 5,
      subType: 'Plumbing',
      complaintIds: [11, 13, 14, 15, 16, 17],
    });
  });

  it('refuses an empty title without asking the server', async () => {
    const fetch = mockFetch({
      'GET /api/incidents/groups': () => jsonResponse(200, { data: [group] }),
      ...listed,
    });
    renderRoutes([{ path: '/', element: <IncidentGroups /> }], ['/']);
    fireEvent.click(await screen.findByRole('button', { name: 'Declare an incident' }));
    await screen.findByLabelText('Incident title');
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
