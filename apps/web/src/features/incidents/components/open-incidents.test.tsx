import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { openIncident } from '../test/fixtures';
import { OpenIncidents } from './open-incidents';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('known problems on the student dashboard', () => {
  it("shows the open incidents of the student's hostel and of the college", async () => {
    const fetch = mockFetch({
      'GET /api/incidents/open': (url) =>
        jsonResponse(200, {
          data: url.includes('type=College')
            ? [
                openIncident({
                  id: 2,
                  title: 'Library closed',
                  type: 'College',
                  hostelNo: null,
                  subType: 'Library',
                }),
              ]
            : [openIncident()],
        }),
    });
    renderRoutes([{ path: '/', element: <OpenIncidents hostelNo={5} /> }], ['/']);
    expect(await screen.findByText('Water supply off in Block B')).toBeInTheDocument();
    expect(await screen.findByText('Library closed')).toBeInTheDocument();
    expect(screen.getByText(/Library in the College/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('hostelNo=5'))).toBe(true);
  });

  it('asks only for the college without a hostel on the profile', async () => {
    const fetch = mockFetch({ 'GET /api/incidents/open': () => jsonResponse(200, { data: [] }) });
    renderRoutes([{ path: '/', element: <OpenIncidents hostelNo={null} /> }], ['/']);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toContain('type=College');
  });
});
