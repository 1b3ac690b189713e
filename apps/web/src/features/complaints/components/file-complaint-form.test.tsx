import { MSG, MSG_CONVERSATION } from '@bit/contract';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXhr } from '../../../test/fake-xhr';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { attachment, complaint, daysAgo, page } from '../test/fixtures';
import { checkComplaint, FileComplaintForm, WAITING_TO_SEND, WILL_SEND_ONLINE } from './file-complaint-form';

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

describe("the profile's hostel and room (CONTRACT 5.8)", () => {
  it('starts a hostel complaint from them, and again after a look at College', async () => {
    const fetch = mockFetch({
      'POST /api/complaints': () => jsonResponse(201, { token: 'CMP-PRO1', complaint: complaint() }),
    });
    renderRoutes(
      [
        {
          path: '/file-complaint',
          element: <FileComplaintForm profile={{ hostelNo: 6, roomNo: 'B-214' }} />,
        },
        { path: '/complaint-status', element: <p>status page</p> },
      ],
      ['/file-complaint'],
    );
    expect(screen.getByLabelText('Hostel number')).toHaveValue('6');
    expect(screen.getByLabelText('Room number')).toHaveValue('B-214');

    fireEvent.click(screen.getByLabelText('College'));
    expect(screen.queryByLabelText('Room number')).toBeNull();
    fireEvent.click(screen.getByLabelText('Hostel'));
    expect(await screen.findByLabelText('Room number')).toHaveValue('B-214');

    pick('Problem type', 'Fan');
    pick('Description', 'The fan does not turn');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await screen.findByText('status page');
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/complaints')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ type: 'Hostel', hostelNo: 6, roomNo: 'B-214' });
  });

  it('starts empty for a student with no hostel on their profile', () => {
    mockFetch({});
    renderRoutes(
      [
        {
          path: '/file-complaint',
          element: <FileComplaintForm profile={{ hostelNo: null, roomNo: null }} />,
        },
      ],
      ['/file-complaint'],
    );
    expect(screen.getByLabelText('Hostel number')).toHaveValue('');
    expect(screen.getByLabelText('Room number')).toHaveValue('');
  });
});

describe('photos on the filing form', () => {
  const photo = (name: string, type = 'image/jpeg') => new File(['image bytes'], name, { type });
  const choose = (...files: File[]) =>
    fireEvent.change(screen.getByLabelText('Photos (optional)'), { target: { files } });
  const fillCollege = () => {
    fireEvent.click(screen.getByLabelText('College'));
    pick('Department', 'Canteen');
    pick('Description', 'The water cooler leaks');
  };
  const filed = () =>
    mockFetch({
      'POST /api/complaints': () =>
        jsonResponse(201, { token: 'CMP-PIC1', complaint: complaint({ id: 41, token: 'CMP-PIC1' }) }),
    });

  it('offers several photos at once, of the types a phone camera gives', () => {
    mockFetch({});
    renderRoutes(routes, ['/file-complaint']);
    const input = screen.getByLabelText('Photos (optional)');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  });

  it('lists the chosen photos, lets one be removed, and names a file that is not a photo with the reason', () => {
    mockFetch({});
    renderRoutes(routes, ['/file-complaint']);
    choose(photo('fan.jpg'), photo('socket.png', 'image/png'), photo('bill.pdf', 'application/pdf'));
    const chosen = () => within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem');
    expect(chosen().map((li) => li.textContent)).toEqual([
      expect.stringContaining('fan.jpg'),
      expect.stringContaining('socket.png'),
    ]);
    expectPointedAt(screen.getByLabelText('Photos (optional)'), `bill.pdf: ${MSG_CONVERSATION.photoType}`, {
      focused: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove fan.jpg' }));
    expect(chosen()).toHaveLength(1);
    expect(chosen()[0]).toHaveTextContent('socket.png');
  });

  it('files the complaint, then uploads its photos one by one with progress, and opens it once all are up', async () => {
    const success = vi.spyOn(toast, 'success');
    const xhr = mockXhr();
    const fetch = filed();
    const { router } = renderRoutes(routes, ['/file-complaint']);
    fillCollege();
    choose(photo('cooler.jpg'), photo('floor.webp', 'image/webp'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));

    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(success).toHaveBeenCalledWith('Complaint filed successfully! Token: CMP-PIC1');
    // the complaint went first and without the photos
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/complaints')!;
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('photos');
    expect(xhr.sent[0]?.url).toBe('/api/complaints/41/attachments');
    expect(xhr.sent[0]?.file().name).toBe('cooler.jpg');
    expect(
      screen.getByText('Your photos are being uploaded. Please keep this page open.'),
    ).toBeInTheDocument();

    xhr.sent[0]?.progress(30, 100);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload of cooler.jpg' })).toHaveAttribute(
        'value',
        '30',
      ),
    );
    xhr.sent[0]?.respond(201, { data: attachment(1, '2025-01-15T10:00:00.000Z') });
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect(xhr.sent[1]?.file().name).toBe('floor.webp');
    xhr.sent[1]?.respond(201, { data: attachment(2, '2025-01-15T10:00:00.000Z') });

    await screen.findByText('status page');
    expect(router.state.location.search).toBe('?token=CMP-PIC1');
  });

  it('stays after filing to say which photo failed and why, with a link to the complaint', async () => {
    const xhr = mockXhr((request) =>
      request.file().name === 'huge.jpg'
        ? request.respond(413, { message: MSG_CONVERSATION.photoTooLarge })
        : request.respond(201, { data: attachment(1, '2025-01-15T10:00:00.000Z') }),
    );
    filed();
    const { router } = renderRoutes(routes, ['/file-complaint']);
    fillCollege();
    choose(photo('cooler.jpg'), photo('huge.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));

    expect(await screen.findByText('1 of 2 photos uploaded; 1 failed.')).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(2);
    const uploads = within(screen.getByRole('list', { name: 'Photo uploads' })).getAllByRole('listitem');
    expect(uploads[0]).toHaveTextContent('cooler.jpgUploaded');
    expect(uploads[1]).toHaveTextContent(`huge.jpgFailed${MSG_CONVERSATION.photoTooLarge}`);
    expect(screen.getByRole('link', { name: 'View complaint' })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-PIC1',
    );
    // the form is gone: a second submit would file the complaint twice
    expect(screen.queryByRole('button', { name: 'Submit Complaint' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/file-complaint');
  });
});

describe('filing offline (issue 33)', () => {
  afterEach(() => onlineManager.setOnline(true));

  const fillCollege = () => {
    fireEvent.click(screen.getByLabelText('College'));
    pick('Department', 'Canteen');
    pick('Description', 'Cold food');
  };
  const posts = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls.filter(([url, init]) => String(url) === '/api/complaints' && init?.method === 'POST');

  it('says it will send when online, and sends it once when the connection is back', async () => {
    const success = vi.spyOn(toast, 'success');
    const fetch = mockFetch({
      'POST /api/complaints': () =>
        jsonResponse(201, { token: 'CMP-LATER1', complaint: complaint({ token: 'CMP-LATER1' }) }),
    });
    const { router } = renderRoutes(routes, ['/file-complaint']);
    onlineManager.setOnline(false);
    fillCollege();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));

    expect(await screen.findByRole('button', { name: WILL_SEND_ONLINE })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(WAITING_TO_SEND);
    expect(posts(fetch)).toHaveLength(0);

    onlineManager.setOnline(true);
    await screen.findByText('status page');
    expect(router.state.location.search).toBe('?token=CMP-LATER1');
    expect(success).toHaveBeenCalledWith('Complaint filed successfully! Token: CMP-LATER1');
    expect(posts(fetch)).toHaveLength(1);
  });

  it('sent without an answer, finds it filed and does not send it again', async () => {
    const success = vi.spyOn(toast, 'success');
    const filed = complaint({
      token: 'CMP-GOT1',
      type: 'College',
      hostelNo: null,
      roomNo: null,
      subType: 'Canteen',
      description: 'Cold food',
      createdAt: new Date().toISOString(),
    });
    const fetch = mockFetch({
      // the server files it, and the answer is lost on the way back
      'POST /api/complaints': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/complaints/student': () => jsonResponse(200, page([filed])),
    });
    renderRoutes(routes, ['/file-complaint']);
    fillCollege();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));

    expect(await screen.findByRole('button', { name: WILL_SEND_ONLINE })).toBeDisabled();
    await screen.findByText('status page', {}, { timeout: 4000 });
    expect(success).toHaveBeenCalledWith('Complaint filed successfully! Token: CMP-GOT1');
    expect(posts(fetch)).toHaveLength(1);
  });

  it('sent without an answer and not filed, sends it again', async () => {
    let tries = 0;
    const fetch = mockFetch({
      'POST /api/complaints': () =>
        ++tries === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(201, { token: 'CMP-AGAIN', complaint: complaint({ token: 'CMP-AGAIN' }) }),
      // an older complaint with the same words is not this one
      'GET /api/complaints/student': () =>
        jsonResponse(
          200,
          page([
            complaint({
              type: 'College',
              subType: 'Canteen',
              description: 'Cold food',
              createdAt: daysAgo(2),
            }),
          ]),
        ),
    });
    const { router } = renderRoutes(routes, ['/file-complaint']);
    fillCollege();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Complaint' }));
    await screen.findByText('status page', {}, { timeout: 4000 });
    expect(router.state.location.search).toBe('?token=CMP-AGAIN');
    expect(posts(fetch)).toHaveLength(2);
  });
});
