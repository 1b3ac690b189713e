import { MSG } from '@bit/contract';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ProtectedRoute } from './protected-route';

function Home() {
  const state = useLocation().state as { from?: { pathname: string } } | null;
  return <p>home, from {state?.from?.pathname ?? 'nowhere'}</p>;
}

const routes = [
  { path: '/', element: <Home /> },
  {
    element: <ProtectedRoute roles={['student']} />,
    children: [{ path: '/student-dashboard', element: <p>student dashboard</p> }],
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
    let answer: (r: Response) => void = () => {};
    mockFetch({ 'GET /api/auth/check-auth': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes(routes, ['/student-dashboard']);

    expect(screen.getByText(MSG.loading)).toBeInTheDocument();
    answer(jsonResponse(401, { message: MSG.notSignedIn }));
    expect(await screen.findByText('home, from /student-dashboard')).toBeInTheDocument();
  });

  it('shows the screen to a signed-in user of the right role', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user }) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('student dashboard')).toBeInTheDocument();
  });

  it('sends a signed-in user of another role home', async () => {
    mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: { ...user, role: 'admin' } }) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('home, from nowhere')).toBeInTheDocument();
  });
});
