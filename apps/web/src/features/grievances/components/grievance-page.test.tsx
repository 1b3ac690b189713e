import { MSG_GRIEVANCE, type TGrievanceWithHistory, type TUser } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student, warden } from '../../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { WITHDRAW_CONFIRM } from './grievance-actions';
import { GrievancePage } from './grievance-page';
import { instantOfLocal, localOfInstant } from './hearing-time';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();

const base: TGrievanceWithHistory = {
  id: 5,
  number: 'GRV-2026-000005',
  category: 'Fees and refunds',
  subject: 'Refund of hostel fee',
  description: 'My hostel fee refund has been pending for three months now.',
  committee: 'sgrc',
  status: 'Submitted',
  anonymous: false,
  student: { name: student.name, rollNo: student.rollNo },
  complaint: null,
  dueAt: iso(now + 10 * DAY),
  hearing: null,
  decision: null,
  appeal: null,
  appealDecision: null,
  createdAt: iso(now - DAY),
  updatedAt: iso(now - DAY),
  history: [
    { status: 'Submitted', note: null, by: { name: student.name, designation: null }, at: iso(now - DAY) },
  ],
  messages: [],
};

const ombudsperson: TUser = { ...warden, id: 9, name: 'Justice Menon', designation: 'Other', hostelNo: null };
const committees = {
  data: [
    { committee: 'sgrc', name: 'SGRC', members: [{ name: warden.name, designation: 'Warden', chair: true }] },
    {
      committee: 'ombudsperson',
      name: 'Ombudsperson',
      members: [{ name: ombudsperson.name, designation: 'Other', chair: true }],
    },
  ],
};

function show(g: TGrievanceWithHistory, user: TUser, extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    'GET /api/grievances/5': () => jsonResponse(200, { data: g }),
    'GET /api/committees': () => jsonResponse(200, committees),
    ...extra,
  });
  renderRoutes(
    [{ path: '/grievances/:id', element: <GrievancePage id={5} user={user} /> }],
    ['/grievances/5'],
  );
  return fetch;
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe("a grievance's page", () => {
  it('shows the student what happens next and by when, the timeline, and Withdraw (asked first)', async () => {
    const fetch = show(base, student, {
      'POST /api/grievances/5/withdraw': () =>
        jsonResponse(200, {
          message: MSG_GRIEVANCE.withdrawn,
          data: {
            ...base,
            status: 'Withdrawn',
            history: [...base.history, { ...base.history[0]!, status: 'Withdrawn' }],
          },
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Grievance GRV-2026-000005' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent(
      'The committee hears your grievance and decides it by',
    );
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')).toHaveLength(1);
    // no committee step for the student
    expect(screen.queryByRole('button', { name: 'Schedule hearing' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Who speaks for you at the hearing')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw grievance' }));
    const dialog = await screen.findByRole('dialog', { name: WITHDRAW_CONFIRM });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(GRIEVANCE_NEXT_WITHDRAWN)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining('/api/grievances/5/withdraw'),
      expect.anything(),
    );
    // closed: no message box
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('lets the student name a representative while a hearing is scheduled', async () => {
    show(
      {
        ...base,
        status: 'Hearing scheduled',
        hearing: { at: iso(now + 2 * DAY), place: 'Room 101', representative: null },
      },
      student,
    );
    expect(await screen.findByLabelText('Who speaks for you at the hearing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw grievance' })).toBeInTheDocument();
  });

  it('offers the appeal within 15 days of an SGRC decision, and says the time passed after', async () => {
    const decision = {
      outcome: 'Not upheld' as const,
      text: 'The refund rules were followed here.',
      at: iso(now - 2 * DAY),
      by: { name: warden.name, designation: 'Warden' },
    };
    show({ ...base, status: 'Decided', decision }, student);
    expect(await screen.findByRole('button', { name: 'Appeal to the Ombudsperson' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent(
      'You may appeal to the Ombudsperson until',
    );
  });

  it('offers no appeal once 15 days have passed since the decision', async () => {
    const decision = {
      outcome: 'Upheld' as const,
      text: 'The refund is due and will be paid.',
      at: iso(now - 16 * DAY),
      by: { name: warden.name, designation: 'Warden' },
    };
    show({ ...base, status: 'Decided', decision }, student);
    expect(await screen.findByText(MSG_GRIEVANCE.appealTimePassed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal to the Ombudsperson' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it("gives a committee member the hearing and the decision, and no student's step", async () => {
    const fetch = show(base, warden, {
      'POST /api/grievances/5/hearing': () =>
        jsonResponse(400, {
          message: MSG_GRIEVANCE.atPast,
          errors: [{ field: 'at', message: MSG_GRIEVANCE.atPast }],
        }),
    });
    expect(await screen.findByRole('button', { name: 'Schedule hearing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record the decision' })).toBeInTheDocument();
    expect(buttons()).not.toContain('Withdraw grievance');
    fireEvent.change(screen.getByLabelText('Hearing date and time'), {
      target: { value: '2030-01-15T10:30' },
    });
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: 'Committee room' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule hearing' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Hearing date and time')).toHaveAttribute('aria-invalid', 'true'),
    );
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/hearing'));
    // 10:30 on the institute's clock (Asia/Kolkata, UTC+5:30)
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      at: '2030-01-15T05:00:00.000Z',
      place: 'Committee room',
    });
  });

  it('gives the Ombudsperson the appeal decision, and an SGRC member not', async () => {
    const decision = {
      outcome: 'Not upheld' as const,
      text: 'The refund rules were followed here.',
      at: iso(now - 2 * DAY),
      by: { name: warden.name, designation: 'Warden' },
    };
    const appealed = {
      ...base,
      status: 'Appealed' as const,
      decision,
      appeal: {
        reason: 'The rules were not applied to my case.',
        at: iso(now - DAY),
        dueAt: iso(now + 29 * DAY),
      },
    };
    show(appealed, ombudsperson);
    expect(await screen.findByRole('button', { name: 'Decide the appeal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the decision' })).not.toBeInTheDocument();
  });

  it('gives an SGRC member no appeal decision on an appealed grievance', async () => {
    const decision = {
      outcome: 'Not upheld' as const,
      text: 'The refund rules were followed here.',
      at: iso(now - 2 * DAY),
      by: { name: warden.name, designation: 'Warden' },
    };
    show(
      {
        ...base,
        status: 'Appealed',
        decision,
        appeal: {
          reason: 'The rules were not applied to my case.',
          at: iso(now - DAY),
          dueAt: iso(now + 29 * DAY),
        },
      },
      warden,
    );
    expect(await screen.findByText(/The Ombudsperson decides the appeal by/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Decide the appeal' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Your message')).toBeInTheDocument();
  });

  it('says a grievance not found is not found', async () => {
    mockFetch({ 'GET /api/grievances/5': () => jsonResponse(404, { message: MSG_GRIEVANCE.notFound }) });
    renderRoutes([{ path: '/g', element: <GrievancePage id={5} user={student} /> }], ['/g']);
    expect(await screen.findByRole('heading', { name: MSG_GRIEVANCE.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/student-dashboard',
    );
  });
});

describe("a hearing's time on the institute's clock", () => {
  it('reads a day and time in Asia/Kolkata as the instant, and back', () => {
    expect(instantOfLocal('2030-01-15T10:30', 'Asia/Kolkata')).toBe('2030-01-15T05:00:00.000Z');
    expect(localOfInstant('2030-01-15T05:00:00.000Z', 'Asia/Kolkata')).toBe('2030-01-15T10:30');
    expect(instantOfLocal('2030-07-01T09:00', 'Europe/London')).toBe('2030-07-01T08:00:00.000Z');
    expect(instantOfLocal('not a time', 'Asia/Kolkata')).toBeNull();
  });
});

const GRIEVANCE_NEXT_WITHDRAWN = 'You withdrew this grievance. Nothing more happens.';
