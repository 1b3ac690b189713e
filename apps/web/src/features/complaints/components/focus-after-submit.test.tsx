import { MSG, type TComplaint } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, student, warden, withHistory } from '../test/fixtures';
import { ComplaintStatus } from './complaint-status';
import { FileComplaintForm } from './file-complaint-form';
import { ManageComplaints } from './manage-complaints';

// Issue 33 row 21: after a form is sent, focus moves on to what it produced, never to the page's body.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const pick = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('focus after a form is sent', () => {
  it("files a complaint and lands on the complaint's page with focus on its token", async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    const filed = complaint({ token: 'CMP-NEW1', type: 'College', hostelNo: null, subType: 'Library' });
    mockFetch({
      'POST /api/complaints': () => jsonResponse(201, { token: 'CMP-NEW1', complaint: filed }),
      'GET /api/complaints/CMP-NEW1': () => jsonResponse(200, { data: withHistory(filed) }),
    });
    renderRoutes(
      [
        { path: '/file-complaint', element: <FileComplaintForm /> },
        { path: '/complaint-status', element: <ComplaintStatus user={student} /> },
      ],
      ['/file-complaint'],
    );
    fireEvent.click(screen.getByLabelText('College'));
    pick('Department', 'Library');
    pick('Description', 'Books missing');
    const submit = screen.getByRole('button', { name: 'Submit Complaint' });
    submit.focus();
    fireEvent.click(submit);

    const heading = await screen.findByRole('heading', { name: 'Complaint CMP-NEW1' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('opens the complaint page without moving focus when no form sent the visitor there', async () => {
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () => jsonResponse(200, { data: withHistory() }),
    });
    renderRoutes(
      [{ path: '/complaint-status', element: <ComplaintStatus user={student} /> }],
      ['/complaint-status?token=CMP-ABC123'],
    );
    const heading = await screen.findByRole('heading', { name: 'Complaint CMP-ABC123' });
    expect(heading).not.toHaveFocus();
  });

  it('gives focus back to Update after saving, or to the heading when the complaint left the filtered list', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let current: TComplaint = complaint();
    const stats = { total: 1, pending: 1, inProgress: 0, resolved: 0, rejected: 0, overdue: 0 };
    mockFetch({
      'GET /api/complaints/authority': (url) => {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const rows = status && current.status !== status ? [] : [current];
        return jsonResponse(200, { ...page(rows), stats });
      },
      'PUT /api/complaints/7': (_url, init) => {
        current = { ...current, ...JSON.parse(String(init?.body)) };
        return jsonResponse(200, { message: MSG.statusUpdated, data: current });
      },
    });
    renderRoutes(
      [
        {
          path: '/manage-complaints',
          element: (
            <main>
              <ManageComplaints user={warden} />
            </main>
          ),
        },
      ],
      ['/manage-complaints?status=Pending'],
    );
    const update = await screen.findByRole('button', { name: 'Update CMP-ABC123' });
    update.focus();
    fireEvent.click(update);
    const dialog = await screen.findByRole('dialog', { name: 'Update Complaint' });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'In Progress' } });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('No complaints found.');
    const heading = screen.getByRole('heading', { level: 1, name: 'Hostel 3 Complaints' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
