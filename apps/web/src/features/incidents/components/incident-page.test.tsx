import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { incident, linkedComplaint, withComplaints } from '../test/fixtures';
import { IncidentPage } from './incident-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const complaints = [
  linkedComplaint({ id: 72, token: 'CMP-W3' }),
  linkedComplaint({ id: 71, token: 'CMP-W2' }),
  linkedComplaint({ id: 70, token: 'CMP-W1' }),
];

describe('incident page', () => {
  it('lists its complaints and updates them all at once', async () => {
    phoneWidth();
    const { toast } = await import('react-toastify');
    const success = vi.spyOn(toast, 'success');
    const fetch = mockFetch({
      'GET /api/incidents/9': () => jsonResponse(200, { data: withComplaints(complaints, { affected: 3 }) }),
      'PUT /api/incidents/9': () =>
        jsonResponse(200, { message: 'Incident updated', data: incident({ status: 'Resolved' }) }),
    });
    renderRoutes([{ path: '/incidents/:id', element: <IncidentPage id={9} canUpdate /> }], ['/incidents/9']);
    expect(await screen.findByRole('heading', { name: 'Water supply off in Block B' })).toBeInTheDocument();
    expect(screen.getByText(/3 affected/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CMP-W1' })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-W1',
    );
    expect(screen.getByRole('link', { name: 'All in the complaint list' })).toHaveAttribute(
      'href',
      '/manage-complaints?incident=9',
    );
    fireEvent.change(screen.getByLabelText('Status for all'), { target: { value: 'Resolved' } });
    fireEvent.change(screen.getByLabelText(/Remarks/), { target: { value: 'Pump repaired' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update all' }));
    // it asks first, with the count and the status (issue 51); nothing is sent before
    const ask = await screen.findByRole('dialog', { name: 'Mark 3 complaints Resolved?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Mark Resolved' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    await waitFor(() => expect(success).toHaveBeenCalledWith('3 complaints updated'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'Resolved', remarks: 'Pump repaired' });
  });

  it('shows an admin the incident without the update', async () => {
    mockFetch({ 'GET /api/incidents/9': () => jsonResponse(200, { data: withComplaints([]) }) });
    renderRoutes(
      [{ path: '/incidents/:id', element: <IncidentPage id={9} canUpdate={false} /> }],
      ['/incidents/9'],
    );
    expect(await screen.findByText('No complaints are linked yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update all' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All in the complaint list' })).toHaveAttribute(
      'href',
      '/view-complaints?incident=9',
    );
  });
});
