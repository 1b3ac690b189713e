import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { LoginForm } from './login-form';

const loginCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('-login'));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('tells a student what is missing, at the field, and sends nothing', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, {}) });
    renderRoutes([{ path: '/', element: <LoginForm kind="student" /> }], ['/']);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.passwordRequired));
    expectPointedAt(screen.getByLabelText('Password'), MSG.passwordRequired);
    expect(loginCalls(fetch)).toEqual([]);
  });

  it("keeps SPEC's toast on the authority screen and still points at the field", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(401, {}) });
    renderRoutes([{ path: '/', element: <LoginForm kind="authority" /> }], ['/']);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.loginFailedCredentials));
    expectPointedAt(screen.getByLabelText('Email'), MSG.emailRequired);
    expectPointedAt(screen.getByLabelText('Password'), MSG.passwordRequired, { focused: false });
    expect(loginCalls(fetch)).toEqual([]);
  });

  it('sends remember only when it is ticked, and toasts the student texts for a refused login', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/student-login': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(401, { message: MSG.incorrectPassword });
      },
    });
    renderRoutes([{ path: '/', element: <LoginForm kind="student" /> }], ['/']);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.incorrectPasswordClient));
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { email: 'asha@bitmesra.ac.in', password: 'wrong-password' },
      { email: 'asha@bitmesra.ac.in', password: 'wrong-password', remember: true },
    ]);
  });
});
