import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('forgot and reset password', () => {
  it("keeps SPEC's toast for a missing email and points at the field", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({});
    renderRoutes(
      [{ path: '/forgot-password', element: <ForgotPasswordForm /> }],
      ['/forgot-password?role=authority'],
    );
    expect(screen.getByRole('radio', { name: 'Authority' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.forgotFailed));
    expectPointedAt(screen.getByLabelText('Email'), MSG.emailRequired);
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('password'))).toEqual([]);
  });

  it('asks for the code with the chosen role and goes on to reset it', async () => {
    let sent: unknown;
    mockFetch({
      'POST /api/auth/forgot-password': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { message: MSG.forgotSent });
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/forgot-password', element: <ForgotPasswordForm /> },
        { path: '/reset-password', element: <p>reset</p> },
      ],
      ['/forgot-password'],
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    expect(screen.getByRole('link', { name: 'Back to admin login' })).toHaveAttribute('href', '/admin-login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Dean@bitmesra.ac.in ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('reset');
    expect(sent).toEqual({ email: 'dean@bitmesra.ac.in', role: 'admin' });
    expect(router.state.location.state).toEqual({ email: 'dean@bitmesra.ac.in', role: 'admin' });
  });

  it('points at the confirmation when it does not match the new password', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({});
    renderRoutes(
      [{ path: '/reset-password', element: <ResetPasswordForm /> }],
      [{ pathname: '/reset-password', state: { email: 'a@bitmesra.ac.in', role: 'student' } }],
    );
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'N3w-secret-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'N3w-secret-pass!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.passwordsMismatch));
    expectPointedAt(screen.getByLabelText('Confirm new password'), MSG.passwordsMismatch);
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('password'))).toEqual([]);
  });
});
