import { MSG, TOAST_LIMIT } from '@bit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student } from '../../../test/fixtures';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { LoginForm, RESET_NOW, waitInWords } from './login-form';

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

  it('points a refused authority login at the student login, and an admin login at both (issue 33 row 20)', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/authority-login': () => jsonResponse(401, { message: MSG.invalidCredentials }),
      'POST /api/auth/admin-login': () => jsonResponse(401, { message: MSG.invalidCredentials }),
    });
    const { unmount } = renderRoutes([{ path: '/', element: <LoginForm kind="authority" /> }], ['/']);
    expect(screen.queryByRole('link', { name: 'Student Login' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.loginFailedCredentials));
    const hint = await screen.findByRole('status');
    expect(hint).toHaveTextContent('A student? Students log in at Student Login.');
    expect(screen.getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/student-login');
    unmount();

    renderRoutes([{ path: '/', element: <LoginForm kind="admin" /> }], ['/']);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Not an admin? Log in at Student Login or Authority Login.',
    );
    expect(screen.getByRole('link', { name: 'Authority Login' })).toHaveAttribute('href', '/authority-login');
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

describe('toasts of one form', () => {
  it('shows one error toast however quickly wrong passwords follow each other, always the last answer', async () => {
    let answers = 0;
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/student-login': () =>
        ++answers <= 6
          ? jsonResponse(401, { message: MSG.incorrectPassword })
          : jsonResponse(429, { message: MSG.tooManyAttempts }),
    });
    const dismiss = vi.spyOn(toast, 'dismiss');
    // the real container, with the app's limit: react-toastify queues what is over it
    render(<ToastContainer limit={TOAST_LIMIT} />);
    renderRoutes([{ path: '/', element: <LoginForm kind="student" /> }], ['/']);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    for (let i = 1; i <= 7; i++) {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(answers).toBe(i));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    }
    // the lock is said once, under the form, where it stays; the wrong password's toast goes
    // (the dismissed toast may still be leaving: jsdom runs no exit animation)
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(MSG.tooManyAttempts))).toBe(
        true,
      ),
    );
    expect(dismiss).toHaveBeenCalled();
    expect(screen.getAllByText(MSG.tooManyAttempts)).toHaveLength(1);
  });

  it("says a locked account's wait from Retry-After, and offers the reset that lifts the lock", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/student-login': () =>
        new Response(JSON.stringify({ message: MSG.tooManyAttempts }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '840' },
        }),
    });
    renderRoutes([{ path: '/', element: <LoginForm kind="student" /> }], ['/']);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.tooManyAttempts);
    expect(alert).toHaveTextContent(
      'You can try again in about 14 minutes, or reset your password to sign in now.',
    );
    expect(screen.getByRole('link', { name: RESET_NOW })).toHaveAttribute(
      'href',
      '/forgot-password?role=student',
    );
    expect(error).not.toHaveBeenCalled();
  });
});

describe('an unverified student logging in', () => {
  const unverified = () =>
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/student-login': () => jsonResponse(403, { message: MSG.verifyFirst }),
      'POST /api/auth/resend-otp': () => jsonResponse(200, { message: MSG.otpResent }),
    });
  const routes = [
    { path: '/student-login', element: <LoginForm kind="student" /> },
    { path: '/verify-email', element: <p>code entry</p> },
  ];
  const logIn = () => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@bitmesra.ac.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  };

  it('is told to verify first and offered the code entry for that email, with focus on it', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    unverified();
    const { router } = renderRoutes(routes, ['/student-login']);
    logIn();

    const enter = await screen.findByRole('link', { name: 'Enter the code' });
    expect(error).toHaveBeenCalledWith(MSG.verifyFirst);
    expect(screen.getByRole('region', { name: 'Verify your email' })).toHaveTextContent(
      'asha@bitmesra.ac.in',
    );
    await waitFor(() => expect(enter).toHaveFocus());
    fireEvent.click(enter);
    await screen.findByText('code entry');
    expect(router.state.location.state).toEqual({ email: 'asha@bitmesra.ac.in', role: 'student' });
  });

  it('can have a new code mailed, and then enters it', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const fetch = unverified();
    const { router } = renderRoutes(routes, ['/student-login']);
    logIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));

    await screen.findByText('code entry');
    expect(success).toHaveBeenCalledWith(MSG.otpResent);
    const resend = fetch.mock.calls.find(([url]) => String(url).includes('/resend-otp'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'asha@bitmesra.ac.in' });
    expect(router.state.location.state).toEqual({ email: 'asha@bitmesra.ac.in', role: 'student' });
  });

  it('is not offered for a wrong password', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/student-login': () => jsonResponse(401, { message: MSG.incorrectPassword }),
    });
    renderRoutes(routes, ['/student-login']);
    logIn();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.incorrectPasswordClient));
    expect(screen.queryByRole('link', { name: 'Enter the code' })).toBeNull();
  });
});

describe('where a sign-in lands', () => {
  const landing = async (from: unknown) => {
    mockFetch({
      'GET /api/auth/check-auth': () => jsonResponse(401, {}),
      'POST /api/auth/student-login': () =>
        jsonResponse(200, { message: MSG.loginSuccess, token: 'tok', user: student }),
    });
    const { router } = renderRoutes(
      [
        { path: '/student-login', element: <LoginForm kind="student" /> },
        { path: '*', element: <p>landed</p> },
      ],
      [{ pathname: '/student-login', state: { from } }],
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: student.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('landed');
    return `${router.state.location.pathname}${router.state.location.search}`;
  };

  it('is the screen the visitor was sent away from, when the role may open it', async () => {
    expect(
      await landing({
        pathname: '/complaint-status',
        search: '?token=CMP-ABC123',
        roles: ['student', 'admin'],
      }),
    ).toBe('/complaint-status?token=CMP-ABC123');
  });

  it("is the role's dashboard when the screen kept is another role's", async () => {
    expect(await landing({ pathname: '/manage-complaints', search: '', roles: ['authority'] })).toBe(
      '/student-dashboard',
    );
  });
});

describe('the wait in words', () => {
  it('says seconds under a minute, and whole minutes rounded up above', () => {
    expect(waitInWords(40)).toBe('in 40 seconds');
    expect(waitInWords(60)).toBe('in about a minute');
    expect(waitInWords(61)).toBe('in about 2 minutes');
    expect(waitInWords(null)).toBe('later');
  });
});
