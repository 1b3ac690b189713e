import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageBox } from '../features/complaints/components/message-box';
import { UpdateComplaintDialog } from '../features/complaints/components/update-complaint-dialog';
import { complaint, student, warden } from '../features/complaints/test/fixtures';
import { PICKER_LABEL } from '../features/replies/components/reply-picker';
import { jsonResponse, mockFetch, renderRoutes } from '../test/utils';
import { replyPickerFor } from './reply-picker-slot';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const REPLIES = {
  data: [
    {
      id: 1,
      title: 'Technician visit',
      body: 'Dear {student}, a technician will visit for {token}.',
      shared: false,
    },
    { id: 2, title: 'Office closed', body: 'The office is closed; {token} waits.', shared: true },
  ],
};

const filed = complaint({
  id: 7,
  token: 'CMP-AB12CD',
  student: { name: 'Asha Verma', rollNo: 'BTECH/1/23' },
});

describe('saved replies in the update dialog and the message box (CONTRACT 7.5)', () => {
  it('puts a picked reply into the remarks with {student} and {token} filled, still editable, and sends the edit', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let sent: unknown = null;
    mockFetch({
      'GET /api/me/replies': () => jsonResponse(200, REPLIES),
      'PUT /api/complaints/7': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { message: 'ok', data: filed });
      },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <UpdateComplaintDialog
              complaint={filed}
              onClose={() => {}}
              replyPicker={replyPickerFor(warden)}
            />
          ),
        },
      ],
      ['/'],
    );
    const picker = await screen.findByLabelText(PICKER_LABEL);
    // the list is asked on the picker's first use, not with the dialog
    fireEvent.focus(picker);
    await screen.findByRole('option', { name: 'Technician visit' });
    expect(screen.getByRole('group', { name: 'Shared replies' })).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: '1' } });
    const remarks = screen.getByLabelText('Remarks') as HTMLTextAreaElement;
    expect(remarks.value).toBe('Dear Asha Verma, a technician will visit for CMP-AB12CD.');
    await waitFor(() => expect(remarks).toHaveFocus());
    // the select goes back to its prompt: the same reply may be picked again
    expect((picker as HTMLSelectElement).value).toBe('');

    fireEvent.change(remarks, { target: { value: `${remarks.value} Tomorrow at 10.` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      remarks: 'Dear Asha Verma, a technician will visit for CMP-AB12CD. Tomorrow at 10.',
    });
  });

  it('adds a second pick after what is typed in the message box, on a new line', async () => {
    mockFetch({ 'GET /api/me/replies': () => jsonResponse(200, REPLIES) });
    renderRoutes(
      [{ path: '/', element: <MessageBox complaint={filed} replyPicker={replyPickerFor(warden)} /> }],
      ['/'],
    );
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello.' } });
    const picker = await screen.findByLabelText(PICKER_LABEL);
    fireEvent.pointerDown(picker);
    await screen.findByRole('option', { name: 'Office closed' });
    fireEvent.change(picker, { target: { value: '2' } });
    expect(box.value).toBe('Hello.\nThe office is closed; CMP-AB12CD waits.');
  });

  it("asks for the saved replies on the picker's first use, not as the message box first draws", async () => {
    const asked: string[] = [];
    mockFetch({
      'GET /api/me/replies': (url) => {
        asked.push(String(url));
        return jsonResponse(200, REPLIES);
      },
    });
    renderRoutes(
      [{ path: '/', element: <MessageBox complaint={filed} replyPicker={replyPickerFor(warden)} /> }],
      ['/'],
    );
    const picker = await screen.findByLabelText(PICKER_LABEL);
    expect(screen.getByRole('option', { name: 'Choose a reply' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    fireEvent.focus(picker);
    await screen.findByRole('option', { name: 'Technician visit' });
    expect(asked).toHaveLength(1);
  });

  it('offers no picker to a student, an admin or an authority awaiting approval', () => {
    expect(replyPickerFor(student)).toBeUndefined();
    expect(replyPickerFor({ ...warden, role: 'admin' })).toBeUndefined();
    expect(replyPickerFor({ ...warden, approved: false })).toBeUndefined();
    expect(replyPickerFor(warden)).toBeDefined();
  });
});
