import { MSG, MSG_SECURITY } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { AuthoritySettings } from './authority-settings';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/authority-settings', element: <AuthoritySettings /> }];

describe('authority settings', () => {
  it('starts from the saved preference and saves the one chosen', async () => {
    const success = vi.spyOn(toast, 'success');
    let saved = { newComplaints: 'digest' };
    const fetch = mockFetch({
      'GET /api/me/preferences': () => jsonResponse(200, { data: saved }),
      'PUT /api/me/preferences': (_url, init) => {
        saved = JSON.parse(String(init?.body));
        return jsonResponse(200, { data: saved });
      },
    });
    renderRoutes(routes, ['/authority-settings']);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'New complaints by email' });
    expect(group).toBeInTheDocument();
    expect(screen.getByLabelText('A daily digest at 08:00')).toBeChecked();
    expect(screen.getByLabelText('Each new complaint, as it is filed')).not.toBeChecked();

    fireEvent.click(screen.getByLabelText('Off'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ newComplaints: 'off' });
    expect(screen.getByLabelText('Off')).toBeChecked();
  });

  it("shows the server's message when the preference cannot be read", async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/me/preferences': () => jsonResponse(403, { message: MSG.forbidden }) });
    renderRoutes(routes, ['/authority-settings']);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.forbidden);
    expect(error).toHaveBeenCalledWith(MSG.forbidden);
  });

  it('says so when saving fails, and keeps the choice', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({
      'GET /api/me/preferences': () => jsonResponse(200, { data: { newComplaints: 'each' } }),
      'PUT /api/me/preferences': () => new Response('', { status: 502 }),
    });
    renderRoutes(routes, ['/authority-settings']);
    fireEvent.click(await screen.findByLabelText('Off'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to save your settings'));
    expect(screen.getByLabelText('Off')).toBeChecked();
  });

  it('says whether two-step sign-in is on and links to where it is set up or turned off', async () => {
    mockFetch({ 'GET /api/me/preferences': () => jsonResponse(200, { data: { newComplaints: 'each' } }) });
    const { unmount } = renderRoutes(routes, ['/authority-settings']);
    expect(screen.getByRole('heading', { level: 2, name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(MSG_SECURITY.twoFactorOff)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-step sign-in' })).toHaveAttribute(
      'href',
      '/two-step-sign-in',
    );
    unmount();

    renderRoutes(
      [{ path: '/authority-settings', element: <AuthoritySettings twoFactor /> }],
      ['/authority-settings'],
    );
    expect(screen.getByText(MSG_SECURITY.twoFactorOn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage two-step sign-in' })).toHaveAttribute(
      'href',
      '/two-step-sign-in',
    );
  });
});
