import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { checkStudentSignup, StudentSignupForm, type TStudentSignupValues } from './student-signup-form';

const valid: TStudentSignupValues = {
  name: 'Asha Kumari',
  rollNo: 'BTECH/10001/23',
  email: 'asha@bitmesra.ac.in',
  mobile: '9876543210',
  session: '2023-27',
  department: 'Computer Science',
  password: 'secret123',
  confirmPassword: 'secret123',
};

const firstError = (patch: Partial<TStudentSignupValues>) => {
  const result = checkStudentSignup({ ...valid, ...patch }, 'bitmesra.ac.in');
  return result.ok ? null : result.message;
};

/** Fills every field with the valid values, as a student would. */
function fillValid() {
  const labels: Record<keyof TStudentSignupValues, string> = {
    name: 'Full name',
    rollNo: 'Roll number',
    email: 'College email',
    mobile: 'Mobile number',
    session: 'Academic session',
    department: 'Department',
    password: 'Password',
    confirmPassword: 'Confirm password',
  };
  for (const [key, label] of Object.entries(labels)) {
    fireEvent.change(screen.getByLabelText(label), {
      target: { value: valid[key as keyof TStudentSignupValues] },
    });
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('student signup checks', () => {
  it('reports the thirteen checks in SPEC order, one failure at a time', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as TStudentSignupValues;
    const steps: Array<[Partial<TStudentSignupValues>, string]> = [
      [{}, MSG.nameRequired],
      [{ name: valid.name }, MSG.rollRequired],
      [{ rollNo: valid.rollNo }, MSG.emailRequired],
      [{ email: 'asha@gmail.com' }, MSG.emailDomain],
      [{ email: valid.email }, MSG.mobileRequired],
      [{ mobile: '12345' }, MSG.mobileInvalid],
      [{ mobile: valid.mobile }, MSG.sessionRequired],
      [{ session: '23-27' }, MSG.sessionFormat],
      [{ session: valid.session }, MSG.departmentRequired],
      [{ department: valid.department }, MSG.passwordRequired],
      [{ password: 'short' }, MSG.passwordShort],
      [{ password: valid.password }, MSG.confirmRequired],
      [{ confirmPassword: 'different1' }, MSG.passwordsMismatch],
    ];
    let values = empty;
    for (const [patch, expected] of steps) {
      values = { ...values, ...patch };
      const result = checkStudentSignup(values, 'bitmesra.ac.in');
      expect(result.ok ? null : result.message).toBe(expected);
    }
    expect(checkStudentSignup({ ...values, confirmPassword: valid.password }, 'bitmesra.ac.in').ok).toBe(
      true,
    );
  });

  it('uses the configured email domain', () => {
    expect(firstError({ email: 'asha@bitmesra.ac.in' })).toBeNull();
    expect(checkStudentSignup(valid, 'example.edu')).toEqual({ ok: false, message: MSG.emailDomain });
  });
});

describe('student signup form', () => {
  it('toasts the first failing check and sends nothing', async () => {
    const fetch = mockFetch({});
    const error = vi.spyOn(toast, 'error');
    renderRoutes([{ path: '/student-signup', element: <StudentSignupForm /> }], ['/student-signup']);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Asha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.rollRequired));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('student-signup'))).toBe(false);
  });

  it('keeps the mobile number to ten digits', () => {
    mockFetch({});
    renderRoutes([{ path: '/', element: <StudentSignupForm /> }], ['/']);
    const mobile = screen.getByLabelText('Mobile number');
    fireEvent.change(mobile, { target: { value: '98a76-5432109999' } });
    expect(mobile).toHaveValue('9876543210');
  });

  it('signs a pasted "+91 98765 43210" up as 9876543210', async () => {
    const bodies: Array<{ mobile: string }> = [];
    mockFetch({
      'POST /api/auth/student-signup': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: MSG.signupStudent });
      },
    });
    renderRoutes(
      [
        { path: '/', element: <StudentSignupForm /> },
        { path: '/verify-email', element: <p>verify</p> },
      ],
      ['/'],
    );
    fillValid();
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile).not.toHaveAttribute('maxlength');
    fireEvent.change(mobile, { target: { value: '+91 98765 43210' } });
    expect(mobile).toHaveValue('9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByText('verify');
    expect(bodies.map((b) => b.mobile)).toEqual(['9876543210']);
  });

  it('goes to verify-email with the email and role after signing up', async () => {
    mockFetch({ 'POST /api/auth/student-signup': () => jsonResponse(201, { message: MSG.signupStudent }) });
    const { router } = renderRoutes(
      [
        { path: '/student-signup', element: <StudentSignupForm /> },
        { path: '/verify-email', element: <p>verify</p> },
      ],
      ['/student-signup'],
    );
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByText('verify');
    expect(router.state.location.state).toEqual({ email: valid.email, role: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
  });

  it('marks every failing field with its message under it and moves focus to the first', async () => {
    mockFetch({});
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    renderRoutes([{ path: '/', element: <StudentSignupForm /> }], ['/']);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('College email'), { target: { value: 'asha@gmail.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expectPointedAt(screen.getByLabelText('Roll number'), MSG.rollRequired));
    expectPointedAt(screen.getByLabelText('College email'), MSG.emailDomain, { focused: false });
    // the hint stays part of the description, beside the message
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      expect.stringContaining('10 digits'),
    );
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');

    // fixing a field clears its mark
    fireEvent.change(screen.getByLabelText('Roll number'), { target: { value: 'BTECH/1' } });
    await waitFor(() => expect(screen.getByLabelText('Roll number')).not.toHaveAttribute('aria-invalid'));
  });

  it('marks the field a refused signup names and moves focus to it, keeping the toast', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'POST /api/auth/student-signup': () =>
        jsonResponse(400, {
          message: 'Roll number already registered',
          errors: [{ field: 'rollNo', message: 'Roll number already registered' }],
        }),
    });
    renderRoutes([{ path: '/', element: <StudentSignupForm /> }], ['/']);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Roll number already registered'));
    expectPointedAt(screen.getByLabelText('Roll number'), 'Roll number already registered');
  });

  it('offers to log in or reset the password when the email is already registered, with focus on Log in (issue 33 row 20)', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'POST /api/auth/student-signup': () => jsonResponse(409, { message: MSG.emailTaken }) });
    renderRoutes([{ path: '/', element: <StudentSignupForm /> }], ['/']);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.emailTaken));
    const forward = screen.getByRole('region', { name: 'Already registered' });
    expect(forward).toHaveTextContent(MSG.emailTaken);
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/student-login');
    await waitFor(() => expect(login).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/forgot-password?role=student',
    );
  });
});
