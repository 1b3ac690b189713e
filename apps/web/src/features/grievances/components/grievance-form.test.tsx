import { MSG_GRIEVANCE, type TComplaintWithHistory, type TGrievanceWithHistory } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ANONYMOUS_LABEL, ANONYMOUS_MEANS, GrievanceForm } from './grievance-form';
import { GrievanceRedressal } from './grievance-redressal';
import { mayTakeToCommittee, TAKE_TO_COMMITTEE, TakeToCommittee } from './take-to-committee';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = (complaintToken = '') =>
  renderRoutes(
    [
      { path: '/grievances/new', element: <GrievanceForm complaintToken={complaintToken} /> },
      { path: '/grievances/:id', element: <p>grievance page</p> },
    ],
    ['/grievances/new'],
  );

const choose = (category: string) =>
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: category } });

describe("the student's grievance form", () => {
  it('shows the complaint token only for a complaint not resolved and the anonymous choice only for ragging', () => {
    mockFetch({});
    render();
    expect(screen.queryByLabelText('Complaint token')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(ANONYMOUS_LABEL)).not.toBeInTheDocument();
    choose('Complaint not resolved');
    expect(screen.getByLabelText('Complaint token')).toBeInTheDocument();
    expect(screen.queryByLabelText(ANONYMOUS_LABEL)).not.toBeInTheDocument();
    choose('Ragging');
    expect(screen.queryByLabelText('Complaint token')).not.toBeInTheDocument();
    expect(screen.getByLabelText(ANONYMOUS_LABEL)).toHaveAccessibleDescription(ANONYMOUS_MEANS);
    expect(screen.getByText(/Heard by the Anti-Ragging Committee/)).toBeInTheDocument();
    choose('Sexual harassment');
    expect(screen.queryByLabelText(ANONYMOUS_LABEL)).not.toBeInTheDocument();
  });

  it('comes with the complaint token filled in and the category chosen from the status page', () => {
    mockFetch({});
    render('CMP-1A2B3C4D');
    expect(screen.getByLabelText('Category')).toHaveValue('Complaint not resolved');
    expect(screen.getByLabelText('Complaint token')).toHaveValue('CMP-1A2B3C4D');
  });

  it('sends the anonymous choice for ragging and not a token typed before the category changed', async () => {
    const fetch = mockFetch({
      'POST /api/grievances': () =>
        jsonResponse(201, { message: MSG_GRIEVANCE.submitted, data: { id: 7 } as TGrievanceWithHistory }),
    });
    const { router } = render();
    choose('Complaint not resolved');
    fireEvent.change(screen.getByLabelText('Complaint token'), { target: { value: 'CMP-1A2B3C4D' } });
    choose('Ragging');
    fireEvent.click(screen.getByLabelText(ANONYMOUS_LABEL));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Seniors at night' } });
    fireEvent.change(screen.getByLabelText(/Description/), {
      target: { value: 'Seniors gather in room 12 every night and make us stand for hours.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit grievance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/7'));
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({
      category: 'Ragging',
      subject: 'Seniors at night',
      description: 'Seniors gather in room 12 every night and make us stand for hours.',
      anonymous: true,
    });
  });

  it('marks the complaint token when the server refuses it with 400', async () => {
    mockFetch({
      'POST /api/grievances': () =>
        jsonResponse(400, {
          message: MSG_GRIEVANCE.complaintNotEligible,
          errors: [{ field: 'complaintToken', message: MSG_GRIEVANCE.complaintNotEligible }],
        }),
    });
    render('CMP-1A2B3C4D');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Fan still broken' } });
    fireEvent.change(screen.getByLabelText(/Description/), {
      target: { value: 'The fan was marked resolved but it still does not work at all.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit grievance' }));
    await waitFor(() =>
      expectPointedAt(screen.getByLabelText('Complaint token'), MSG_GRIEVANCE.complaintNotEligible),
    );
  });

  it('checks the fields with the contract before sending: a short subject is marked', async () => {
    const fetch = mockFetch({});
    render();
    choose('Admission');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit grievance' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Subject'), MSG_GRIEVANCE.subjectLength));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the public grievance page', () => {
  it("links a signed-in student to the dashboard's form", async () => {
    mockFetch({ 'GET /api/committees': () => jsonResponse(200, { data: [] }) });
    renderRoutes([{ path: '/', element: <GrievanceRedressal signedIn student /> }], ['/']);
    expect(await screen.findByRole('link', { name: 'Submit a grievance' })).toHaveAttribute(
      'href',
      '/grievances/new',
    );
    expect(screen.queryByText(/coming to this portal/)).not.toBeInTheDocument();
  });
});

describe("the complaint's way to the committee", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const at = (ms: number) => new Date(ms).toISOString();
  const now = Date.parse('2026-06-20T10:00:00Z');
  const complaint = (status: string, closedDaysAgo: number, overdue = false) =>
    ({
      token: 'CMP-1A2B3C4D',
      status,
      overdue,
      updatedAt: at(now - closedDaysAgo * DAY),
      history: [
        { status, remarks: null, by: { name: 'W', designation: null }, at: at(now - closedDaysAgo * DAY) },
      ],
    }) as unknown as TComplaintWithHistory;

  it('is offered for a complaint resolved or rejected within 15 days, or overdue, and not otherwise', () => {
    expect(mayTakeToCommittee(complaint('Resolved', 3), now)).toBe(true);
    expect(mayTakeToCommittee(complaint('Rejected', 15), now)).toBe(true);
    expect(mayTakeToCommittee(complaint('Resolved', 16), now)).toBe(false);
    expect(mayTakeToCommittee(complaint('Pending', 1), now)).toBe(false);
    expect(mayTakeToCommittee(complaint('In Progress', 1, true), now)).toBe(true);
  });

  it('links to the form with the token filled in', () => {
    renderRoutes(
      [{ path: '/', element: <TakeToCommittee complaint={complaint('In Progress', 0, true)} /> }],
      ['/'],
    );
    expect(screen.getByRole('link', { name: TAKE_TO_COMMITTEE })).toHaveAttribute(
      'href',
      '/grievances/new?complaint=CMP-1A2B3C4D',
    );
  });
});
