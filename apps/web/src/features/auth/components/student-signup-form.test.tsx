import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
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

    expect(error).toHaveBeenCalledWith(MSG.rollRequired);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('student-signup'))).toBe(false);
  });

  it('keeps the mobile number to ten digits', () => {
    mockFetch({});
    renderRoutes([{ path: '/', element: <StudentSignupForm /> }], ['/']);
    const mobile = screen.getByLabelText('Mobile number');
    fireEvent.change(mobile, { target: { value: '98a76-5432109999' } });
    expect(mobile).toHaveValue('9876543210');
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
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Full name', valid.name);
    fill('Roll number', valid.rollNo);
    fill('College email', valid.email);
    fill('Mobile number', valid.mobile);
    fill('Academic session', valid.session);
    fill('Department', valid.department);
    fill('Password', valid.password);
    fill('Confirm password', valid.confirmPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByText('verify');
    expect(router.state.location.state).toEqual({ email: valid.email, role: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
  });
});
