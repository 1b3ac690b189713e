import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoutes } from '../../../test/utils';
import { VerifyEmailForm } from './verify-email-form';

const routes = [
  { path: '/verify-email', element: <VerifyEmailForm /> },
  { path: '/student-signup', element: <p>student signup</p> },
  { path: '/authority-signup', element: <p>authority signup</p> },
];

afterEach(() => vi.unstubAllGlobals());

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
});
