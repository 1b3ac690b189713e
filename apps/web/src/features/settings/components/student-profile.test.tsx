import { MSG, MSG_PROFILE, type TUser } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student } from '../../../test/fixtures';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { StudentProfile } from './student-profile';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = (user: TUser, onSaved = vi.fn()) => {
  renderRoutes(
    [{ path: '/profile', element: <StudentProfile user={user} onSaved={onSaved} /> }],
    ['/profile'],
  );
  return onSaved;
};
const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('student profile', () => {
  it('starts from the profile and saves mobile, hostel and room, handing on the user the server answers', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const saved = { ...student, mobile: '9123456789', hostelNo: 4, roomNo: '212' };
    const bodies: unknown[] = [];
    mockFetch({
      'PUT /api/me/profile': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { data: saved });
      },
    });
    const onSaved = render({ ...student, hostelNo: 2, roomNo: '7' });
    expect(screen.getByLabelText('Mobile number')).toHaveValue(student.mobile);
    expect(screen.getByLabelText('Hostel number')).toHaveValue('2');
    expect(screen.getByLabelText('Room number')).toHaveValue('7');

    change('Mobile number', '+91 91234 56789');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9123456789');
    change('Hostel number', '4');
    change('Room number', ' 212 ');
    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodies).toEqual([{ mobile: '9123456789', hostelNo: 4, roomNo: '212' }]);
    expect(success).toHaveBeenCalledWith(MSG_PROFILE.saved);
  });

  it('clears hostel and room with "No hostel" and an empty room', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'PUT /api/me/profile': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { data: student });
      },
    });
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    render({ ...student, hostelNo: 2, roomNo: '7' });
    change('Hostel number', '');
    change('Room number', '');
    save();
    await waitFor(() => expect(bodies).toEqual([{ mobile: student.mobile, hostelNo: null, roomNo: null }]));
  });

  it("points at a bad mobile number, and at the hostel a room needs, with SPEC's toast and nothing sent", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({});
    render(student);
    change('Mobile number', '12345');
    save();
    await waitFor(() => expectPointedAt(screen.getByLabelText('Mobile number'), MSG.mobileInvalid));
    expect(error).toHaveBeenCalledWith(MSG.mobileInvalid);

    change('Mobile number', '9876543210');
    change('Room number', '12');
    save();
    await waitFor(() => expectPointedAt(screen.getByLabelText('Hostel number'), MSG.hostelRequired));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/me/profile'))).toEqual([]);
  });

  it("marks the field the server's 400 names and keeps its message in the toast", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'PUT /api/me/profile': () =>
        jsonResponse(400, {
          message: MSG.mobileInvalid,
          errors: [{ field: 'mobile', message: MSG.mobileInvalid }],
        }),
    });
    render(student);
    save();
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.mobileInvalid));
    expectPointedAt(screen.getByLabelText('Mobile number'), MSG.mobileInvalid);
  });
});
