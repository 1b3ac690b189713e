import { MSG_DESK } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { DeskFiling } from './desk-filing';

const ASHA = { name: 'Asha Verma', rollNo: 'BTECH/10001/23', hostelNo: 5 };
const filedAnswer = (token: string) => ({
  token,
  complaint: {
    id: 7,
    token,
    type: 'Hostel',
    hostelNo: 3,
    roomNo: '204',
    subType: 'Fan',
    description: 'The fan stopped',
    status: 'Pending',
    remarks: null,
    assignedTo: null,
    student: { name: ASHA.name, rollNo: ASHA.rollNo },
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    reopenCount: 0,
    dueAt: '2026-01-17T10:00:00.000Z',
    overdue: false,
  },
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const bodiesTo = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 0);
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const asClerk = [{ path: '/desk-filing', element: <DeskFiling hostelNo={3} /> }];
const asAdmin = [{ path: '/desk-filing', element: <DeskFiling hostelNo={null} /> }];

describe('filing at the desk', () => {
  it("finds the student by roll number and shows their name before a clerk files for them in the clerk's hostel", async () => {
    const fetch = mockFetch({
      'GET /api/students/by-roll': () => jsonResponse(200, { data: ASHA }),
      'POST /api/complaints/on-behalf': () => jsonResponse(201, filedAnswer('CMP-ABCDEFGHJK')),
    });
    renderRoutes(asClerk, ['/desk-filing']);
    // no filing form before the student is found
    expect(screen.queryByLabelText('Description')).toBeNull();
    type("Student's roll number", ` ${ASHA.rollNo} `);
    click('Find student');
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/students/by-roll?rollNo=BTECH%2F10001%2F23');
    click('File for Asha Verma');

    // a clerk files hostel complaints of their own hostel: no type to choose, the hostel fixed
    expect(screen.queryByRole('radio', { name: 'College' })).toBeNull();
    expect(screen.getByText('Hostel 3', { exact: false })).toBeInTheDocument();
    type('Room number', '204');
    type('Problem type', 'Fan');
    type('Description', 'The fan stopped');
    click('File for Asha Verma');

    expect(await screen.findByText('CMP-ABCDEFGHJK')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Complaint filed for Asha Verma' })).toHaveFocus();
    expect(bodiesTo(fetch, '/api/complaints/on-behalf')).toEqual([
      {
        type: 'Hostel',
        hostelNo: 3,
        roomNo: '204',
        subType: 'Fan',
        description: 'The fan stopped',
        rollNo: ASHA.rollNo,
      },
    ]);
    click('Next student');
    expect(screen.getByLabelText("Student's roll number")).toHaveValue('');
  });

  it("shows the server's 404 under the roll number and offers no form", async () => {
    mockFetch({
      'GET /api/students/by-roll': () => jsonResponse(404, { message: MSG_DESK.noStudent }),
    });
    renderRoutes(asClerk, ['/desk-filing']);
    type("Student's roll number", 'NOBODY/1');
    click('Find student');
    await waitFor(() =>
      expect(screen.getByLabelText("Student's roll number")).toHaveAccessibleDescription(
        expect.stringContaining('No student with this roll number'),
      ),
    );
    expect(screen.queryByRole('button', { name: /^File for/ })).toBeNull();
  });

  it('lets an admin file a college complaint, sent without a hostel or room', async () => {
    const fetch = mockFetch({
      'GET /api/students/by-roll': () => jsonResponse(200, { data: ASHA }),
      'POST /api/complaints/on-behalf': () => jsonResponse(201, filedAnswer('CMP-ZYXWVUTSRQ')),
    });
    renderRoutes(asAdmin, ['/desk-filing']);
    type("Student's roll number", ASHA.rollNo);
    click('Find student');
    fireEvent.click(await screen.findByRole('button', { name: 'File for Asha Verma' }));
    // an admin starts from the student's own hostel
    expect(screen.getByLabelText('Hostel number')).toHaveValue('5');
    fireEvent.click(screen.getByRole('radio', { name: 'College' }));
    type('Department', 'Library');
    type('Description', 'Closed early');
    click('File for Asha Verma');
    expect(await screen.findByText('CMP-ZYXWVUTSRQ')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/complaints/on-behalf')).toEqual([
      {
        type: 'College',
        hostelNo: null,
        roomNo: null,
        subType: 'Library',
        description: 'Closed early',
        rollNo: ASHA.rollNo,
      },
    ]);
  });
});
