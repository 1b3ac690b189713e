import { MSG_PUSH_WEB } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ChannelSettings } from './channel-settings';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('channel settings (CONTRACT 6.3)', () => {
  it('starts from the saved channels and saves only the one switched', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let saved = { email: true, push: true };
    const fetch = mockFetch({
      'GET /api/me/preferences': () => jsonResponse(200, { data: saved }),
      'PUT /api/me/preferences': (_url, init) => {
        saved = { ...saved, ...JSON.parse(String(init?.body)) };
        return jsonResponse(200, { data: saved });
      },
    });
    renderRoutes([{ path: '/profile', element: <ChannelSettings /> }], ['/profile']);
    const email = await screen.findByLabelText(MSG_PUSH_WEB.email);
    expect(email).toBeChecked();
    expect(screen.getByLabelText(MSG_PUSH_WEB.push)).toBeChecked();
    fireEvent.click(email);
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_PUSH_WEB.saved));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ email: false });
    expect(screen.getByLabelText(MSG_PUSH_WEB.email)).not.toBeChecked();
    expect(screen.getByLabelText(MSG_PUSH_WEB.push)).toBeChecked();
  });
});
