import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint } from '../test/fixtures';
import { checkComplaint, FileComplaintForm } from './file-complaint-form';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/file-complaint', element: <FileComplaintForm /> },
  { path: '/complaint-status', element: <p>status page</p> },
];

const pick = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('complaint checks', () => {
  it('asks for hostel, room, problem type and description of a hostel complaint, in that order', () => {
    const base = { type: 'Hostel' as const, hostelNo: '', roomNo: '', subType: '', description: '' };
    const message = (v: typeof base) => {
      const r = checkComplaint(v);
      return r.ok ? null : r.message;
    };
    expect(message(base)).toBe('Please select a hostel number between 1 and 13');
    expect(message({ ...base, hostelNo: '3' })).toBe('Please enter your room number');
    expect(message({ ...base, hostelNo: '3', roomNo: '12' })).toBe('Please select a problem type');
    expect(message({ ...base, hostelNo: '3', roomNo: '12', subType: 'Fan' })).toBe(
      'Please describe your complaint',
    );
    expect(message({ ...base, hostelNo: '3', roomNo: '12', subType: 'Fan', description: 'x' })).toBeNull();
  });

  it('asks a college complaint for its department only', () => {
    const r = checkComplaint({ type: 'College', hostelNo: '', roomNo: '', subType: '', description: 'x' });
    expect(r).toEqual({ ok: false, message: 'Please select a department' });
  });
});

describe('file complaint form', () => {
  it('files a hostel complaint and shows the token toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const fetch = mockFetch({
      'POST /api/complaints': () =>
        jsonResponse(201, { token: 'CMP-NEW1', complaint: complaint({ token: 'CMP-NEW1' }) }),
    });
    const { router } = renderRoutes(routes, ['/file-complaint']);

    pick('Hostel number', '1');
    pick('Room number', '101');
    pick('Problem type', 'Internet');
    pick('Description', 'No internet in the room');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));

    await screen.findByText('status page');
    expect(success).toHaveBeenCalledWith('Complaint filed successfully! Token: CMP-NEW1');
    expect(router.state.location.search).toBe('?token=CMP-NEW1');
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/complaints')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      type: 'Hostel',
      hostelNo: 1,
      roomNo: '101',
      subType: 'Internet',
      description: 'No internet in the room',
    });
  });

  it('files a college complaint with a department and no hostel', async () => {
    const fetch = mockFetch({
      'POST /api/complaints': () => jsonResponse(201, { token: 'CMP-COL1', complaint: complaint() }),
    });
    renderRoutes(routes, ['/file-complaint']);

    fireEvent.click(screen.getByLabelText('College'));
    expect(screen.queryByLabelText('Hostel number')).not.toBeInTheDocument();
    pick('Department', 'Library');
    pick('Description', 'Books missing');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));

    await screen.findByText('status page');
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/complaints')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      type: 'College',
      hostelNo: null,
      roomNo: null,
      subType: 'Library',
    });
  });

  it('toasts the first missing field and sends nothing', async () => {
    const error = vi.spyOn(toast, 'error');
    const fetch = mockFetch({});
    renderRoutes(routes, ['/file-complaint']);
    pick('Hostel number', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please enter your room number'));
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/complaints')).toBe(false);
  });

  it('shows the server message, or the fallback, when filing fails', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'POST /api/complaints': () => new Response('', { status: 502 }) });
    renderRoutes(routes, ['/file-complaint']);
    fireEvent.click(screen.getByLabelText('College'));
    pick('Department', 'Canteen');
    pick('Description', 'Cold food');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fileFailed));
  });

  it('points at the first missing field: marked, described by its message under it, and focused', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({});
    renderRoutes(routes, ['/file-complaint']);
    pick('Hostel number', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await waitFor(() =>
      expectPointedAt(screen.getByLabelText('Room number'), 'Please enter your room number'),
    );
    expectPointedAt(screen.getByLabelText('Problem type'), 'Please select a problem type', {
      focused: false,
    });
    expectPointedAt(screen.getByLabelText('Description'), 'Please describe your complaint', {
      focused: false,
    });
    // the description's counter stays tied to it, beside the message
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      expect.stringContaining('0 / 1000 characters'),
    );
  });
});
