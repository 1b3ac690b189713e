import { MSG_INCIDENT } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { linkedComplaint, openIncident } from '../test/fixtures';
import { KnownProblems, type TFilingChoice } from './known-problems';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const choice = (patch: Partial<TFilingChoice> = {}): TFilingChoice => ({
  type: 'Hostel',
  hostelNo: '5',
  roomNo: '204',
  subType: 'Plumbing',
  description: '',
  ...patch,
});

const render = (c: TFilingChoice) =>
  renderRoutes(
    [
      { path: '/file-complaint', element: <KnownProblems choice={c} /> },
      { path: '/complaint-status', element: <p>status page</p> },
    ],
    ['/file-complaint'],
  );

describe('known problems on the filing form', () => {
  it('shows the open incidents of the chosen hostel and problem, and says what joining files before it files', async () => {
    phoneWidth();
    const fetch = mockFetch({
      'GET /api/incidents/open': () => jsonResponse(200, { data: [openIncident()] }),
      'POST /api/incidents/9/join': () =>
        jsonResponse(201, { token: 'CMP-JOINED', complaint: linkedComplaint({ token: 'CMP-JOINED' }) }),
    });
    const { router } = render(choice());
    expect(
      await screen.findByText('Known problem: Water supply off in Block B. In Progress, 43 affected.'),
    ).toBeInTheDocument();
    const url = String(fetch.mock.calls[0]![0]);
    expect(url).toContain('type=Hostel');
    expect(url).toContain('hostelNo=5');
    expect(url).toContain('subType=Plumbing');

    fireEvent.click(screen.getByRole('button', { name: /This is my problem too/ }));
    // nothing filed yet: what it does is said, with an optional description
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.getByText(MSG_INCIDENT.joinExplain)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Description \(optional\)/), {
      target: { value: 'Floor 2 too' },
    });
    fireEvent.click(screen.getByRole('button', { name: MSG_INCIDENT.joinSubmit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/complaint-status'));
    expect(router.state.location.search).toBe('?token=CMP-JOINED');
    const join = fetch.mock.calls.find(
      ([u, init]) => String(u).includes('/join') && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(join[1]!.body))).toEqual({ roomNo: '204', description: 'Floor 2 too' });
  });

  it('shows a student who reported it already their complaint instead of the button', async () => {
    mockFetch({
      'GET /api/incidents/open': () =>
        jsonResponse(200, {
          data: [{ ...openIncident(), reported: { token: 'CMP-MINE', at: '2025-01-15T10:30:00.000Z' } }],
        }),
    });
    render(choice());
    const link = await screen.findByRole('link', { name: 'CMP-MINE' });
    expect(link).toHaveAttribute('href', '/complaint-status?token=CMP-MINE');
    expect(link.closest('p')?.textContent).toMatch(/^You reported this on 15 Jan 2025 \(CMP-MINE\)$/);
    expect(screen.queryByRole('button', { name: /This is my problem too/ })).toBeNull();
  });

  it('asks nothing until a problem is chosen, and shows nothing when no incident matches', async () => {
    const fetch = mockFetch({ 'GET /api/incidents/open': () => jsonResponse(200, { data: [] }) });
    const { unmount } = render(choice({ subType: '' }));
    expect(fetch).not.toHaveBeenCalled();
    unmount();
    render(choice({ type: 'College', hostelNo: '', subType: 'Library' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).not.toContain('hostelNo');
    expect(screen.queryByText(/Known problem/)).toBeNull();
  });

  it('says why a second join is refused', async () => {
    mockFetch({
      'GET /api/incidents/open': () => jsonResponse(200, { data: [openIncident()] }),
      'POST /api/incidents/9/join': () =>
        jsonResponse(409, { message: 'You have already reported this problem' }),
    });
    const { toast } = await import('react-toastify');
    const error = vi.spyOn(toast, 'error');
    render(choice());
    fireEvent.click(await screen.findByRole('button', { name: /This is my problem too/ }));
    fireEvent.click(screen.getByRole('button', { name: MSG_INCIDENT.joinSubmit }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You have already reported this problem'));
  });
});
