import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { AuthoritySignupForm } from './authority-signup-form';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('authority signup form', () => {
  it("points at the failing field with its message under it and focus on it, keeping SPEC's toast", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({});
    renderRoutes([{ path: '/', element: <AuthoritySignupForm /> }], ['/']);
    change('Full name', 'Dr Rao');
    change('Email', 'rao@example.org');
    change('Mobile number', '12345');
    change('Designation', 'Warden');
    change('Password', 'secret123');
    change('Confirm password', 'secret124');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.mobileInvalid));
    expectPointedAt(screen.getByLabelText('Mobile number'), MSG.mobileInvalid);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    // the checks that follow the designation come once the fields themselves pass
    change('Mobile number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Hostel number'), MSG.hostelRequired));
    expect(error).toHaveBeenLastCalledWith(MSG.hostelRequired);
    change('Hostel number', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Confirm password'), MSG.passwordsMismatch));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('signup'))).toEqual([]);
  });

  it('sends an autofilled "+91 91234-56789" as its ten digits', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    mockFetch({
      'POST /api/auth/authority-signup': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: MSG.signupAuthority });
      },
    });
    renderRoutes(
      [
        { path: '/', element: <AuthoritySignupForm /> },
        { path: '/verify-email', element: <p>verify</p> },
      ],
      ['/'],
    );
    change('Full name', 'Network Officer');
    change('Email', 'net@example.org');
    change('Mobile number', '+91 91234-56789');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9123456789');
    change('Designation', 'Network Department');
    change('Password', 'secret123');
    change('Confirm password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByText('verify');
    expect(bodies[0]).toMatchObject({
      mobile: '9123456789',
      designation: 'Network Department',
      hostelNo: null,
    });
  });

  it('leads an already registered email to the authority login and its password reset (issue 33 row 20)', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'POST /api/auth/authority-signup': () => jsonResponse(409, { message: MSG.emailTaken }) });
    renderRoutes([{ path: '/', element: <AuthoritySignupForm /> }], ['/']);
    change('Full name', 'Network Officer');
    change('Email', 'net@example.org');
    change('Mobile number', '9123456789');
    change('Designation', 'Network Department');
    change('Password', 'secret123');
    change('Confirm password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/authority-login');
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/forgot-password?role=authority',
    );
  });
});
