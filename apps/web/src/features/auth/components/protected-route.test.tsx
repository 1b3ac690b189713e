import { MSG } from '@bit/contract';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { NOT_AVAILABLE, ProtectedRoute, UNREACHABLE_TEXT } from './protected-route';
import { CONTINUE_REASON, reasonFor, SignInReason, VIEW_COMPLAINT_REASON } from './sign-in-reason';

function Home() {
  const state = useLocation().state as { from?: { pathname: string } } | null;
  return (
    <>
      <p>home, from {state?.from?.pathname ?? 'nowhere'}</p>
      <SignInReason />
    </>
  );
}

const routes = [
  { path: '/', element: <Home /> },
  {
    element: <ProtectedRoute roles={['student']} />,
    children: [{ path: '/student-dashboard', element: <p>student dashboard</p> }],
  },
  {
    element: <ProtectedRoute roles={['student', 'authority', 'admin']} />,
    children: [{ path: '/complaint-status', element: <p>complaint page</p> }],
  },
];

const user = {
  id: 1,
  name: 'Asha',
  email: 'asha@bitmesra.ac.in',
  role: 'student',
  mobile: null,
  department: null,
  designation: null,
  hostelNo: null,
  rollNo: null,
  session: null,
  approved: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('protected route', () => {
  it('shows Loading... then redirects anonymous visitors home, keeping where they were going', async () => {
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
    let answer: (r: Response) => void = () => {};
    mockFetch({ 'GET /api/auth/check-auth': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes(routes, ['/student-dashboard']);

    expect(screen.getByText(MSG.loading)).toBeInTheDocument();
    answer(jsonResponse(401, { message: MSG.notSignedIn }));
    expect(await screen.findByText('home, from /student-dashboard')).toBeInTheDocument();
  });

  it('shows the screen to a signed-in user of the right role', async () => {
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user }) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('student dashboard')).toBeInTheDocument();
  });

  it('tells a signed-in user of another role the screen is not theirs, with the way to their dashboard', async () => {
    // a stored token: there is a session to check (mayHaveSession)
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: { ...user, role: 'admin' } }) });
    const { router } = renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByRole('heading', { level: 1, name: NOT_AVAILABLE })).toBeInTheDocument();
    expect(
      screen.getByText('This page is for students. You are signed in as an administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
    expect(router.state.location.pathname).toBe('/student-dashboard');
  });

  it("names a sticker's place in the reason to log in", () => {
    expect(reasonFor({ pathname: '/file-complaint', search: '?type=Hostel&hostelNo=3&roomNo=101' })).toBe(
      'Log in to report a problem in Hostel 3, room 101',
    );
    expect(
      reasonFor({ pathname: '/file-complaint', search: '?type=College&subType=IT+Support&place=Lab+2' }),
    ).toBe('Log in to report a problem at Lab 2');
    expect(reasonFor({ pathname: '/file-complaint', search: '?type=Hostel&hostelNo=99' })).toBe(
      CONTINUE_REASON,
    );
    expect(reasonFor({ pathname: '/file-complaint', search: '' })).toBe(CONTINUE_REASON);
  });

  it('shows a retry message, not the home page, when the check fails at the network', async () => {
    localStorage.setItem('token', 'tok');
    let down = true;
    mockFetch({
      'GET /api/auth/check-auth': () => {
        if (down) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { user });
      },
    });
    const { router } = renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE_TEXT);
    expect(screen.queryByText(/^home/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student-dashboard');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('student dashboard')).toBeInTheDocument();
  });

  it('tells a visitor sent home from a complaint page to log in to view it', async () => {
    renderRoutes(routes, ['/complaint-status?token=CMP-ABC123']);
    expect(await screen.findByText('home, from /complaint-status')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(VIEW_COMPLAINT_REASON);
  });

  it('tells a visitor sent home from another protected screen to log in to continue', async () => {
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('home, from /student-dashboard')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(CONTINUE_REASON);
  });

  it('says nothing to a visitor who came to the home page by themselves', async () => {
    renderRoutes(routes, ['/']);
    expect(await screen.findByText('home, from nowhere')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
