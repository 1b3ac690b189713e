import { MSG, MSG_SECURITY, recoveryCodesLeftText } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/admin-login', element: <LoginForm kind="admin" /> },
  { path: '/admin-dashboard', element: <p>admin dashboard</p> },
];

const signedIn = { token: 'tok-2fa', user: { ...admin, twoFactor: true } };
/** One field for both kinds of code (issue 51 row 15). */
const CODE = 'Code from your app, or a recovery code';

/** The admin login answering a ticket for the code, and the second step answering `secondStep`. */
function withTwoFactor(secondStep: () => Response) {
  const bodies: unknown[] = [];
  const fetch = mockFetch({
    'POST /api/auth/admin-login': () => jsonResponse(200, { twoFactor: true, ticket: 'ticket-1' }),
    'POST /api/auth/two-factor': (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return secondStep();
    },
  });
  return { fetch, bodies };
}

async function passwordStep() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@bitmesra.ac.in' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!23' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  const heading = await screen.findByRole('heading', { level: 1, name: MSG_SECURITY.stepTitle });
  await waitFor(() => expect(heading).toHaveFocus());
}

describe('the second step of a login (two-step sign-in)', () => {
  it('asks for the code after a correct password, in the same card, and signs in with it', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const { bodies } = withTwoFactor(() => jsonResponse(200, signedIn));
    const { router } = renderRoutes(routes, ['/admin-login']);
    await passwordStep();

    expect(screen.getByText(MSG_SECURITY.stepHint)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
    const code = screen.getByLabelText(CODE);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // a pasted "123 456" is the six digits
    fireEvent.change(code, { target: { value: '123 456' } });
    expect(code).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('admin dashboard')).toBeInTheDocument();
    expect(bodies).toEqual([{ ticket: 'ticket-1', code: '123456' }]);
    expect(success).toHaveBeenCalledWith(MSG.loginSuccess);
    expect(localStorage.getItem('token')).toBe('tok-2fa');
    expect(router.state.location.pathname).toBe('/admin-dashboard');
  });

  it('marks a wrong code at the field and stays on the step', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    withTwoFactor(() =>
      jsonResponse(400, {
        message: MSG_SECURITY.codeWrong,
        errors: [{ field: 'code', message: MSG_SECURITY.codeWrong }],
      }),
    );
    renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    fireEvent.change(screen.getByLabelText(CODE), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG_SECURITY.codeWrong));
    expectPointedAt(screen.getByLabelText(CODE), MSG_SECURITY.codeWrong);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checks the code before sending it', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const { bodies } = withTwoFactor(() => jsonResponse(200, signedIn));
    renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    fireEvent.change(screen.getByLabelText(CODE), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG_SECURITY.codeFormat));
    expectPointedAt(screen.getByLabelText(CODE), MSG_SECURITY.codeFormat);
    expect(bodies).toEqual([]);
  });

  it('takes a recovery code in the same field, and says how many remain', async () => {
    const info = vi.spyOn(toast, 'info').mockImplementation(() => 0);
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const { bodies } = withTwoFactor(() => jsonResponse(200, { ...signedIn, recoveryCodesLeft: 9 }));
    renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    const code = screen.getByLabelText(CODE);
    // typed as it was saved: nothing of it is stripped
    fireEvent.change(code, { target: { value: 'k7p2m-9x4qd' } });
    expect(code).toHaveValue('k7p2m-9x4qd');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('admin dashboard')).toBeInTheDocument();
    expect(bodies).toEqual([{ ticket: 'ticket-1', code: 'k7p2m-9x4qd' }]);
    expect(info).toHaveBeenCalledWith('9 recovery codes left');
    expect(recoveryCodesLeftText(1)).toBe('1 recovery code left');
  });

  it('says a reused recovery code was already used, at the field', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    withTwoFactor(() =>
      jsonResponse(400, {
        message: MSG_SECURITY.recoveryCodeUsed,
        errors: [{ field: 'code', message: MSG_SECURITY.recoveryCodeUsed }],
      }),
    );
    renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    fireEvent.change(screen.getByLabelText(CODE), { target: { value: 'k7p2m-9x4qd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText(CODE), MSG_SECURITY.recoveryCodeUsed));
  });

  it("tells in the card that the account's codes are locked (429)", async () => {
    withTwoFactor(() => jsonResponse(429, { message: MSG_SECURITY.codesLocked }));
    renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    fireEvent.change(screen.getByLabelText(CODE), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_SECURITY.codesLocked);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes back to the password step, saying why, when the ticket has expired or burnt', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    withTwoFactor(() => jsonResponse(401, { message: MSG_SECURITY.signInExpired }));
    const { router } = renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    fireEvent.change(screen.getByLabelText(CODE), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Admin Login' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(error).toHaveBeenCalledWith(MSG_SECURITY.signInExpired);
    expect(screen.getByText(MSG_SECURITY.signInExpired)).toBeInTheDocument();
    // the email is kept; the visitor is still on the login, not sent home by the 401
    expect(screen.getByLabelText('Email')).toHaveValue('admin@bitmesra.ac.in');
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(screen.queryByLabelText(CODE)).toBeNull();
  });

  it('goes back to the password from "Back to password"', async () => {
    withTwoFactor(() => jsonResponse(200, signedIn));
    renderRoutes(routes, ['/admin-login']);
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back to password' }));

    const heading = screen.getByRole('heading', { level: 1, name: 'Admin Login' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveValue('admin@bitmesra.ac.in');
    expect(screen.queryByText(MSG_SECURITY.signInExpired)).toBeNull();
  });
});
