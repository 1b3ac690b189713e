import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { VerifyEmailForm } from './verify-email-form';

const routes = [
  { path: '/verify-email', element: <VerifyEmailForm /> },
  { path: '/student-signup', element: <p>student signup</p> },
  { path: '/authority-signup', element: <p>authority signup</p> },
  { path: '/student-dashboard', element: <p>student dashboard</p> },
  { path: '/file-complaint', element: <p>filing form</p> },
];

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('verify email', () => {
  it('redirects verify-email without state to student signup', async () => {
    mockFetch({});
    renderRoutes(routes, ['/verify-email']);
    expect(await screen.findByText('student signup')).toBeInTheDocument();
  });

  it('redirects verify-email without state to authority signup when the URL says role=authority', async () => {
    mockFetch({});
    renderRoutes(routes, ['/verify-email?role=authority']);
    expect(await screen.findByText('authority signup')).toBeInTheDocument();
  });

  it('asks for the code when the navigation state carries the email and role', () => {
    mockFetch({});
    renderRoutes(routes, [
      { pathname: '/verify-email', state: { email: 'a@bitmesra.ac.in', role: 'student' } },
    ]);
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
  });

  it('points at the code field until the code has six digits, and sends nothing', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({});
    renderRoutes(routes, [
      { pathname: '/verify-email', state: { email: 'a@bitmesra.ac.in', role: 'student' } },
    ]);
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12a3' } });
    expect(screen.getByLabelText('Verification code')).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.otpRequired));
    expectPointedAt(screen.getByLabelText('Verification code'), MSG.otpRequired);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('verify'))).toBe(false);
  });

  it("goes on, once verified, to the screen a protected page kept (a QR sticker's filing form)", async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const user = { id: 9, name: 'New', email: 'a@bitmesra.ac.in', role: 'student', approved: true };
    mockFetch({
      'POST /api/auth/verify-email': () => jsonResponse(200, { message: MSG.verified, token: 'tok', user }),
    });
    const from = {
      pathname: '/file-complaint',
      search: '?type=Hostel&hostelNo=5&roomNo=101',
      roles: ['student'],
    };
    const { router } = renderRoutes(routes, [
      { pathname: '/verify-email', state: { email: 'a@bitmesra.ac.in', role: 'student', from } },
    ]);
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('filing form')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=Hostel&hostelNo=5&roomNo=101');
  });

  it('goes to the dashboard once verified when nothing was kept', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const user = { id: 9, name: 'New', email: 'a@bitmesra.ac.in', role: 'student', approved: true };
    mockFetch({
      'POST /api/auth/verify-email': () => jsonResponse(200, { message: MSG.verified, token: 'tok', user }),
    });
    renderRoutes(routes, [
      { pathname: '/verify-email', state: { email: 'a@bitmesra.ac.in', role: 'student' } },
    ]);
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('student dashboard')).toBeInTheDocument();
  });
});
