import { MSG, MSG_PUSH_WEB, MSG_SECURITY } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import {
  AuthoritySettings,
  HEAR_HEADING,
  howTheyCombine,
  NEW_COMPLAINTS_LEGEND,
  WAYS_LEGEND,
} from './authority-settings';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/authority-settings', element: <AuthoritySettings /> }];

describe('authority settings', () => {
  it('starts from the saved preferences and saves each choice as it is made, saying how they combine', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let saved: Record<string, unknown> = { newComplaints: 'digest', email: true, push: true };
    const puts: unknown[] = [];
    mockFetch({
      'GET /api/me/preferences': () => jsonResponse(200, { data: saved }),
      'PUT /api/me/preferences': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        puts.push(body);
        saved = { ...saved, ...body };
        return jsonResponse(200, { data: saved });
      },
    });
    renderRoutes(routes, ['/authority-settings']);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    // one card holds both: how often, and which ways
    expect(screen.getByRole('heading', { level: 2, name: HEAR_HEADING })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: NEW_COMPLAINTS_LEGEND })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: WAYS_LEGEND })).toBeInTheDocument();
    expect(screen.getByLabelText('A daily digest at 08:00')).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('at 08:00');
    expect(screen.getByRole('status')).toHaveTextContent('by email and as alerts');

    fireEvent.click(screen.getByLabelText('Each new complaint, as it is filed'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    expect(screen.getByLabelText('Each new complaint, as it is filed')).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You hear of each new complaint as it is filed, by email and as alerts',
    );

    fireEvent.click(screen.getByLabelText(MSG_PUSH_WEB.email));
    await waitFor(() => expect(screen.getByLabelText(MSG_PUSH_WEB.email)).not.toBeChecked());
    expect(screen.getByRole('status')).toHaveTextContent(
      'You hear of each new complaint as it is filed, as alerts on the devices',
    );
    expect(puts).toEqual([{ newComplaints: 'each' }, { email: false }]);
  });

  it('says nothing reaches them outside the app when both ways are off', () => {
    expect(howTheyCombine({ newComplaints: 'each', email: false, push: false }).join(' ')).toContain(
      'you hear of nothing outside the app',
    );
    expect(howTheyCombine({ newComplaints: 'off', email: true, push: false })[0]).toBe(
      'You are not told of new complaints: they are on your dashboard.',
    );
  });

  it("shows the server's message when the preference cannot be read", async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/me/preferences': () => jsonResponse(403, { message: MSG.forbidden }) });
    renderRoutes(routes, ['/authority-settings']);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.forbidden);
    expect(error).toHaveBeenCalledWith(MSG.forbidden);
  });

  it('says so when saving fails, and shows the saved choice again', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/me/preferences': () => jsonResponse(200, { data: { newComplaints: 'each' } }),
      'PUT /api/me/preferences': () => new Response('', { status: 502 }),
    });
    renderRoutes(routes, ['/authority-settings']);
    fireEvent.click(await screen.findByLabelText('Off'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to save your settings'));
    expect(screen.getByLabelText('Each new complaint, as it is filed')).toBeChecked();
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
