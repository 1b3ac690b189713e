import { MSG_CONVERSATION, type TComplaintWithHistory, type TUser } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXhr } from '../../../test/fake-xhr';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import {
  admin,
  asStudent,
  asWarden,
  attachment,
  daysAgo,
  message,
  student,
  warden,
  withHistory,
} from '../test/fixtures';
import { ComplaintStatus } from './complaint-status';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60 * 1000;
const CLOSED_AT = '2025-01-16T09:00:00.000Z';

/** The page's clock at `ms` after CLOSED_AT (only Date is faked: the page's timers and promises run as ever). */
function closedFor(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse(CLOSED_AT) + ms);
}

const TOKEN = 'CMP-ABC123';

/** The complaint page for `user`, with the server holding `current.value` and answering writes to it. */
function openPage(
  user: TUser,
  complaint: TComplaintWithHistory,
  handlers: Parameters<typeof mockFetch>[0] = {},
) {
  const current = { value: complaint };
  const fetch = mockFetch({
    [`GET /api/complaints/${TOKEN}`]: () => jsonResponse(200, { data: current.value }),
    ...handlers,
  });
  const view = renderRoutes(
    [{ path: '/complaint-status', element: <ComplaintStatus user={user} /> }],
    [`/complaint-status?token=${TOKEN}`],
  );
  return { current, fetch, ...view };
}

const at = (hhmm: string, day = 15) => `2025-01-${day}T${hhmm}:00.000Z`;

/** A complaint that went through everything: filed with photos, talked over, resolved, reopened. */
function busyComplaint(): TComplaintWithHistory {
  const c = withHistory({ status: 'Pending', reopenCount: 1 });
  c.history.push(
    { status: 'In Progress', remarks: 'Technician on the way', by: asWarden, at: at('12:00') },
    { status: 'Resolved', remarks: 'Router replaced', by: asWarden, at: at('09:00', 16) },
    {
      status: 'Pending',
      remarks: 'Still drops at night',
      by: { name: 'Asha Kumari', designation: null },
      at: at('20:00', 16),
    },
  );
  c.messages = [
    message(1, 'It drops at 9 pm sharp', at('11:00')),
    message(2, 'Checking the access point today', at('13:00'), asWarden),
  ];
  // two photos picked together at filing, one the warden took later
  c.attachments = [
    attachment(1, at('10:01')),
    attachment(2, at('10:01')),
    attachment(3, at('14:00'), asWarden),
  ];
  return c;
}

const timeline = () => within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');

describe('the complaint page timeline', () => {
  it('merges the filing, status changes, messages and photos into one list, oldest first, with who did each', async () => {
    openPage(student, busyComplaint());
    await screen.findByRole('list', { name: 'History' });
    const items = timeline();
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Filed by Asha Kumari (Student)'),
      expect.stringContaining('Asha Kumari (Student) added 2 photos'),
      expect.stringContaining('Asha Kumari (Student) wrote:It drops at 9 pm sharp'),
      expect.stringContaining('By Dr Rao (Warden)Technician on the way'),
      expect.stringContaining('Dr Rao (Warden) wrote:Checking the access point today'),
      expect.stringContaining('Dr Rao (Warden) added a photo'),
      expect.stringContaining('By Dr Rao (Warden)Router replaced'),
      expect.stringContaining('Reopened by Asha Kumari (Student)Still drops at night'),
    ]);
    expect(items[3]).toHaveTextContent('In Progress');
    expect(items[6]).toHaveTextContent('Resolved');
    expect(within(items[2]!).getByText(/2025/)).toHaveAttribute('datetime', at('11:00'));
    // how often it was reopened, beside the other facts
    expect(screen.getByText('Reopened', { selector: 'dt' }).nextSibling).toHaveTextContent('Once');
  });

  it('shows thumbnails named after the complaint, and the full photo on a tap', async () => {
    openPage(student, busyComplaint());
    const second = await screen.findByRole('img', {
      name: 'Photo 2 of complaint CMP-ABC123: Internet, Hostel 3 room 214',
    });
    expect(second).toHaveAttribute('src', '/api/attachments/2/thumb');
    expect(screen.getAllByRole('img', { name: /^Photo \d of complaint CMP-ABC123/ })).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: /^Photo 2 of complaint/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Photo 2 of complaint CMP-ABC123/ });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/attachments/2');
    expect(within(dialog).getByRole('link', { name: 'Open full size' })).toHaveAttribute(
      'href',
      '/api/attachments/2',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('photos without the session cookie', () => {
  it('reads a thumbnail that failed to load again with the stored token', async () => {
    localStorage.setItem('token', 'tok');
    const c = withHistory();
    c.attachments = [attachment(1, at('10:01'))];
    const { fetch } = openPage(student, c, {
      'GET /api/attachments/1/thumb': () => new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    });
    const thumb = await screen.findByRole('img', { name: /^Photo 1 of complaint/ });
    expect(thumb).toHaveAttribute('src', '/api/attachments/1/thumb');
    fireEvent.error(thumb);
    await waitFor(() => expect(thumb).toHaveAttribute('src', `data:image/png;base64,${btoa('png')}`));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/attachments/1/thumb')!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
  });
});

describe('the message box', () => {
  it('posts a message, which joins the timeline, and empties the box', async () => {
    const success = vi.spyOn(toast, 'success');
    const { current, fetch } = openPage(student, withHistory(), {
      'POST /api/complaints/7/messages': (_url, init) => {
        const { body } = JSON.parse(String(init?.body));
        const sent = message(10, body, '2025-01-15T11:00:00.000Z');
        current.value = { ...current.value, messages: [sent] };
        return jsonResponse(201, { message: MSG_CONVERSATION.messageSent, data: sent });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Write to the authorities' })).toBeInTheDocument();
    const box = screen.getByLabelText('Your message');
    expect(box).toHaveAccessibleDescription('0 / 2000 characters');
    fireEvent.change(box, { target: { value: '  The router light is red  ' } });
    expect(box).toHaveAccessibleDescription('27 / 2000 characters');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_CONVERSATION.messageSent));
    const post = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith('/messages') && init?.method === 'POST',
    );
    // sent as typed: the server stores free text exactly as sent (CONTRACT 3)
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ body: '  The router light is red  ' });
    await waitFor(() => expect(timeline()).toHaveLength(2));
    expect(timeline()[1]).toHaveTextContent(/Asha Kumari \(Student\) wrote:\s*The router light is red/);
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('shows the server’s refusal under the box when the complaint has closed meanwhile', async () => {
    openPage(warden, withHistory({ status: 'In Progress' }), {
      'POST /api/complaints/7/messages': () =>
        jsonResponse(409, { message: MSG_CONVERSATION.closedForMessages }),
    });
    fireEvent.change(await screen.findByLabelText('Your message'), { target: { value: 'Fixed?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_CONVERSATION.closedForMessages);
    // the authority writes to the student
    expect(screen.getByRole('heading', { name: 'Write to the student' })).toBeInTheDocument();
  });

  it('asks for a message before sending an empty one', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const { fetch } = openPage(student, withHistory());
    fireEvent.change(await screen.findByLabelText('Your message'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG_CONVERSATION.messageRequired));
    expectPointedAt(screen.getByLabelText('Your message'), MSG_CONVERSATION.messageRequired);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('stays open for 14 days after the complaint is resolved', async () => {
    const c = withHistory({ status: 'Resolved' });
    c.history.push({ status: 'Resolved', remarks: null, by: asWarden, at: daysAgo(13) });
    openPage(student, c);
    expect(await screen.findByLabelText('Your message')).toBeInTheDocument();
    expect(screen.getByLabelText('Add photos')).toBeInTheDocument();
  });

  it('says the conversation is closed once the complaint was resolved more than 14 days ago', async () => {
    const c = withHistory({ status: 'Rejected' });
    c.history.push({ status: 'Rejected', remarks: 'Duplicate', by: asWarden, at: daysAgo(15) });
    openPage(warden, c);
    expect(
      await screen.findByText(
        'This complaint is closed for messages. Messages and photos close 14 days after a complaint is resolved or rejected.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();
  });

  it('takes messages and photos at the last millisecond of the 14 days, as the server does (the contract’s mayStillMessage)', async () => {
    closedFor(14 * DAY);
    const c = withHistory({ status: 'Resolved' });
    c.history.push({ status: 'Resolved', remarks: null, by: asWarden, at: CLOSED_AT });
    openPage(student, c);
    expect(await screen.findByLabelText('Your message')).toBeInTheDocument();
    expect(screen.getByLabelText('Add photos')).toBeInTheDocument();
  });

  it('is closed one millisecond after the 14 days', async () => {
    closedFor(14 * DAY + 1);
    const c = withHistory({ status: 'Resolved' });
    c.history.push({ status: 'Resolved', remarks: null, by: asWarden, at: CLOSED_AT });
    openPage(student, c);
    expect(await screen.findByText(/^This complaint is closed for messages\./)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('lets an admin read the conversation but not write in it', async () => {
    const c = withHistory();
    c.messages = [message(1, 'Any news?', at('11:00'), asStudent)];
    openPage(admin, c);
    expect(await screen.findByText('Any news?')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });
});

describe('photos from the complaint page', () => {
  const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

  it('uploads the chosen photos one by one with their progress, says which failed and why, and reads the complaint again', async () => {
    const xhr = mockXhr();
    const { fetch } = openPage(student, withHistory());
    const input = await screen.findByLabelText('Add photos');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('6 of 6 can still be added'));
    const reads = () => fetch.mock.calls.filter(([url]) => String(url).endsWith(TOKEN)).length;
    const readsBefore = reads();

    fireEvent.change(input, { target: { files: [jpeg('tap.jpg'), jpeg('sink.jpg')] } });
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.url).toBe('/api/complaints/7/attachments');
    expect(xhr.sent[0]?.file().name).toBe('tap.jpg');
    expect(screen.getByLabelText('Add photos')).toBeDisabled();

    xhr.sent[0]?.progress(50, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of tap.jpg' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('Uploading 2 photos: 0 done.')).toBeInTheDocument();
    xhr.sent[0]?.respond(201, { data: attachment(1, at('10:05')) });

    // the second waits for the first
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    xhr.sent[1]?.respond(409, { message: MSG_CONVERSATION.tooManyPhotos });

    expect(await screen.findByText('1 of 2 photos uploaded; 1 failed.')).toBeInTheDocument();
    const uploads = within(screen.getByRole('list', { name: 'Photo uploads' })).getAllByRole('listitem');
    expect(uploads[0]).toHaveTextContent('tap.jpgUploaded');
    expect(uploads[1]).toHaveTextContent(`sink.jpgFailed${MSG_CONVERSATION.tooManyPhotos}`);
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
  });

  it('refuses a file that is not a photo before sending anything', async () => {
    const xhr = mockXhr();
    openPage(student, withHistory());
    const input = await screen.findByLabelText('Add photos');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' })] },
    });
    expectPointedAt(input, `bill.pdf: ${MSG_CONVERSATION.photoType}`, { focused: false });
    expect(xhr.sent).toHaveLength(0);
  });

  it('offers no more photos once the complaint has six', async () => {
    const c = withHistory();
    c.attachments = [1, 2, 3, 4, 5, 6].map((id) => attachment(id, at('10:01')));
    openPage(student, c);
    expect(await screen.findByText('This complaint has 6 photos, the most it can have.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();
  });
});

describe('reopening from the complaint page', () => {
  const resolved = (daysBefore: number, reopenCount = 0, at = daysAgo(daysBefore)) => {
    const c = withHistory({ status: 'Resolved', remarks: 'Fixed', reopenCount });
    c.history.push({ status: 'Resolved', remarks: 'Fixed', by: asWarden, at });
    return c;
  };
  const remarks = () => screen.getByText('Remarks', { selector: 'dt' }).nextSibling;

  it('reopens a recently resolved complaint with a reason, which the page then shows as its remarks', async () => {
    const success = vi.spyOn(toast, 'success');
    const { current, fetch } = openPage(student, resolved(2), {
      'POST /api/complaints/7/reopen': (_url, init) => {
        const { reason } = JSON.parse(String(init?.body));
        current.value = {
          ...current.value,
          status: 'Pending',
          // CONTRACT 6.6: the server makes the reason the complaint's remarks
          remarks: reason,
          reopenCount: 1,
          history: [
            ...current.value.history,
            {
              status: 'Pending',
              remarks: reason,
              by: { name: 'Asha Kumari', designation: null },
              at: daysAgo(0),
            },
          ],
        };
        return jsonResponse(200, { message: MSG_CONVERSATION.reopened, data: current.value });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen' }));
    expect(remarks()).toHaveTextContent('Fixed');
    const dialog = await screen.findByRole('dialog', { name: 'Reopen complaint CMP-ABC123' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Drops again every night' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen complaint' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG_CONVERSATION.reopened));
    const post = fetch.mock.calls.find(([url]) => String(url).endsWith('/reopen'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Drops again every night' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Reopened by Asha Kumari (Student)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(remarks()).toHaveTextContent(/^Drops again every night$/);
  });

  it('keeps the dialog open with the server’s reason when it refuses (feedback already given)', async () => {
    openPage(student, resolved(2), {
      'POST /api/complaints/7/reopen': () => jsonResponse(409, { message: MSG_CONVERSATION.cannotReopen }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Not fixed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen complaint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_CONVERSATION.cannotReopen);
  });

  it('offers Reopen at the last millisecond of the 14 days, as the server allows', async () => {
    closedFor(14 * DAY);
    openPage(student, resolved(0, 0, CLOSED_AT));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('says why there is no Reopen button a millisecond after the 14 days', async () => {
    closedFor(14 * DAY + 1);
    openPage(student, resolved(0, 0, CLOSED_AT));
    expect(
      await screen.findByText('Reopening closes 14 days after a complaint is resolved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });

  it('says why there is no Reopen button after two reopenings', async () => {
    openPage(student, resolved(1, 2));
    expect(
      await screen.findByText('This complaint was already reopened twice, the most it can be.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });

  it('offers nothing to reopen, and says nothing of it, while the complaint is still open', async () => {
    openPage(student, withHistory({ status: 'In Progress' }));
    await screen.findByRole('list', { name: 'History' });
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Reopening closes/)).not.toBeInTheDocument();
  });

  it('does not offer an authority the student’s Reopen button', async () => {
    openPage(warden, resolved(2));
    await screen.findByRole('list', { name: 'History' });
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });
});
