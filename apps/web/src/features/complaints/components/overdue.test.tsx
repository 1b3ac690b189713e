import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, student, warden, withHistory } from '../test/fixtures';
import { AuthorityDashboard } from './authority-dashboard';
import { ComplaintStatus } from './complaint-status';
import { OverdueBadge } from './overdue';
import { StudentDashboard } from './student-dashboard';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HOUR = 60 * 60 * 1000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();

describe('overdue badge', () => {
  it('says Overdue and for how long, from the due time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-21T15:00:00.000Z'));
    const { rerender } = render(
      <OverdueBadge complaint={{ overdue: true, dueAt: '2025-01-18T10:00:00.000Z' }} />,
    );
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('3 days overdue')).toHaveAttribute('datetime', '2025-01-18T10:00:00.000Z');

    rerender(<OverdueBadge complaint={{ overdue: true, dueAt: '2025-01-21T10:00:00.000Z' }} />);
    expect(screen.getByText('5 hours overdue')).toBeInTheDocument();
  });

  it('shows nothing for a complaint that is not overdue, whatever its due time', () => {
    const { container } = render(
      <OverdueBadge complaint={{ overdue: false, dueAt: '2020-01-01T00:00:00.000Z' }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("marks the overdue complaints of the student's list, and only those", async () => {
    mockFetch({
      'GET /api/complaints/student': () =>
        jsonResponse(
          200,
          page([
            complaint({ id: 2, token: 'CMP-LATE', overdue: true, dueAt: hoursAgo(26) }),
            complaint({ id: 1, token: 'CMP-ONTIME', dueAt: hoursAgo(-20) }),
          ]),
        ),
    });
    renderRoutes([{ path: '/', element: <StudentDashboard user={student} /> }], ['/']);
    const late = (await screen.findByText('CMP-LATE')).closest('tr')!;
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(late).getByText('1 day overdue')).toBeInTheDocument();
    const onTime = screen.getByText('CMP-ONTIME').closest('tr')!;
    expect(within(onTime).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it("marks an overdue complaint in the authority's recent list and counts the overdue ones", async () => {
    mockFetch({
      'GET /api/complaints/authority': () =>
        jsonResponse(200, {
          ...page([complaint({ token: 'CMP-LATE', overdue: true, dueAt: hoursAgo(5.5) })], 1, 1, 5),
          stats: { total: 1, pending: 1, inProgress: 0, resolved: 0, rejected: 0, overdue: 1 },
        }),
    });
    renderRoutes([{ path: '/', element: <AuthorityDashboard user={warden} /> }], ['/']);
    const row = (await screen.findByRole('link', { name: 'CMP-LATE' })).closest('li')!;
    expect(within(row).getByText('5 hours overdue')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Complaint counts' });
    const overdue = within(counts).getByText('Overdue').closest('li')!;
    expect(overdue).toHaveTextContent('1');
    expect(within(overdue).getByRole('link', { name: 'Show overdue complaints' })).toHaveAttribute(
      'href',
      '/manage-complaints?overdue=true',
    );
  });

  it("shows the due date on the complaint's page, and how long past it an overdue one is", async () => {
    const dueAt = hoursAgo(0.5);
    mockFetch({
      'GET /api/complaints/CMP-ABC123': () =>
        jsonResponse(200, { data: withHistory({ overdue: true, dueAt }) }),
    });
    renderRoutes(
      [{ path: '/complaint-status', element: <ComplaintStatus user={student} /> }],
      ['/complaint-status?token=CMP-ABC123'],
    );
    const due = (await screen.findByText('Due by')).nextElementSibling!;
    expect(due).toHaveTextContent(formatInstant(dueAt));
    const status = screen.getByText('Status', { selector: 'dt' }).nextElementSibling!;
    expect(within(status as HTMLElement).getByText('Overdue')).toBeInTheDocument();
    expect(within(status as HTMLElement).getByText('Under an hour overdue')).toBeInTheDocument();
  });
});
