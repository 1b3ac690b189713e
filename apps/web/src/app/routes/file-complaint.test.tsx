import { FILE_COMPLAINT_PATH } from '@bit/contract';
/**
 * CONTRACT 6.4: a QR sticker's address fills the filing form; the student still picks the problem and
 * writes the description. This route reads the address, behind the students' guard as the app mounts it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { complaint } from '../../features/complaints/test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { Component as FileComplaintRoute } from './file-complaint';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Home() {
  const from = (useLocation().state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>home, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

const routes = [
  { path: '/', element: <Home /> },
  { path: '/student-login', element: <Home /> },
  {
    element: <ProtectedRoute roles={['student']} />,
    children: [{ path: '/file-complaint', Component: FileComplaintRoute }],
  },
  { path: '/complaint-status', element: <p>status page</p> },
];

const student = {
  id: 1,
  name: 'Asha',
  email: 'asha@bitmesra.ac.in',
  role: 'student',
  mobile: '9876543210',
  department: 'Civil',
  designation: null,
  hostelNo: 3,
  roomNo: '12',
  rollNo: 'BTECH/1/23',
  session: '2023-27',
  approved: true,
};

function signedIn(extra: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('token', 'tok');
  return mockFetch({ 'GET /api/auth/check-auth': () => jsonResponse(200, { user: student }), ...extra });
}

const filed = (fetch: ReturnType<typeof mockFetch>) => {
  const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/complaints') ?? [];
  return JSON.parse(String(init?.body));
};

describe("the filing form opened at a sticker's address", () => {
  it("is at the contract's address, the one the stickers encode", () => {
    expect(paths.fileComplaint).toBe(FILE_COMPLAINT_PATH);
  });

  it("fills a room sticker's hostel and room over the profile's, and leaves the problem to the student", async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = signedIn({
      'POST /api/complaints': () => jsonResponse(201, { token: 'CMP-QR1', complaint: complaint() }),
    });
    renderRoutes(routes, ['/file-complaint?type=Hostel&hostelNo=5&roomNo=101']);

    expect(await screen.findByLabelText('Hostel')).toBeChecked();
    expect(screen.getByLabelText('Hostel number')).toHaveValue('5');
    expect(screen.getByLabelText('Room number')).toHaveValue('101');
    expect(screen.getByLabelText('Problem type')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Problem type'), { target: { value: 'Fan' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'The fan does not turn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await screen.findByText('status page');
    expect(filed(fetch)).toEqual({
      type: 'Hostel',
      hostelNo: 5,
      roomNo: '101',
      subType: 'Fan',
      description: 'The fan does not turn',
    });
  });

  it("fills a college sticker's department and place, the place heading the description sent", async () => {
    const fetch = signedIn({
      'POST /api/complaints': () => jsonResponse(201, { token: 'CMP-QR2', complaint: complaint() }),
    });
    renderRoutes(routes, ['/file-complaint?type=College&subType=IT+Support&place=Lab+2%2C+first+floor']);

    expect(await screen.findByLabelText('College')).toBeChecked();
    expect(screen.queryByLabelText('Hostel number')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Department')).toHaveValue('IT Support');
    expect(screen.getByLabelText('Place')).toHaveValue('Lab 2, first floor');

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Wi-Fi is down' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await screen.findByText('status page');
    expect(filed(fetch)).toEqual({
      type: 'College',
      hostelNo: null,
      roomNo: null,
      subType: 'IT Support',
      description: 'Place: Lab 2, first floor\n\nWi-Fi is down',
    });
  });

  it('still asks for the description when only the place is there', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = signedIn();
    renderRoutes(routes, ['/file-complaint?type=College&subType=Library&place=Hall']);
    await screen.findByLabelText('Place');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please describe your complaint'));
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/complaints')).toBe(false);
  });

  it('fills nothing from values the form could not hold, and starts from the profile', async () => {
    signedIn();
    renderRoutes(routes, ['/file-complaint?type=Hostel&hostelNo=99&roomNo=']);
    expect(await screen.findByLabelText('Hostel number')).toHaveValue('3');
    expect(screen.getByLabelText('Room number')).toHaveValue('12');
  });

  it('sends a signed-out visitor straight to Student Login, keeping the whole address', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, ['/file-complaint?type=Hostel&hostelNo=5&roomNo=101']);
    expect(
      await screen.findByText('home, from /file-complaint?type=Hostel&hostelNo=5&roomNo=101'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student-login');
  });

  it('tells an authority that only students file complaints, with the way to their dashboard', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({
      'GET /api/auth/check-auth': () =>
        jsonResponse(200, {
          user: { ...student, role: 'authority', designation: 'Warden', hostelNo: 5, roomNo: null },
        }),
    });
    const { router } = renderRoutes(routes, ['/file-complaint?type=Hostel&hostelNo=5&roomNo=101']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Only students file complaints' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/authority-dashboard',
    );
    expect(router.state.location.pathname).toBe('/file-complaint');
  });
});
