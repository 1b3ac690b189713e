import type { TAuditEntry, TAuditList } from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWidth } from '../../../test/screen-width';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { AuditLog } from './audit-log';

const routes = [{ path: '/audit-log', element: <AuditLog /> }];

const approval: TAuditEntry = {
  id: 42,
  // 15:30 in Kolkata
  at: '2026-01-15T10:00:00.000Z',
  actor: { id: 3, name: 'Admin Rekha', role: 'admin' },
  action: 'authority.approve',
  target: { type: 'user', id: '12' },
  ip: '203.0.113.7',
};
const fromCommandLine: TAuditEntry = {
  id: 41,
  at: '2026-01-14T18:45:00.000Z',
  actor: null,
  action: 'admin.create',
  target: null,
  ip: null,
};
const exported: TAuditEntry = {
  id: 40,
  at: '2026-01-14T04:00:00.000Z',
  actor: { id: 3, name: 'Admin Rekha', role: 'admin' },
  action: 'complaints.export',
  target: null,
  ip: '2001:db8:85a3:0000:0000:8a2e:0370:7334',
};

const page = (data: TAuditEntry[], count = data.length, n = 1): TAuditList => ({
  count,
  page: n,
  pageSize: 20,
  data,
});

/** Answers every audit request with `answer`, recording each query string asked. */
function serve(answer: (q: URLSearchParams) => Response) {
  const asked: URLSearchParams[] = [];
  mockFetch({
    'GET /api/admin/audit': (url) => {
      const q = new URL(url, 'http://x').searchParams;
      asked.push(q);
      return answer(q);
    },
  });
  return asked;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the audit log', () => {
  it("lists the entries in the server's order, with readable actions, times in the server's zone, who, on what and from where", async () => {
    serve(() => jsonResponse(200, page([approval, fromCommandLine, exported])));
    renderRoutes(routes, ['/audit-log']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Authority approved');
    expect(rows[0]).toHaveTextContent('15 Jan 2026, 15:30 IST');
    expect(rows[0]).toHaveTextContent('Admin Rekha');
    expect(rows[0]).toHaveTextContent('admin, user #3');
    expect(rows[0]).toHaveTextContent('User #12');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Admin created');
    expect(rows[1]).toHaveTextContent('Command line');
    expect(rows[1]).toHaveTextContent('15 Jan 2026, 00:15 IST');
    expect(rows[2]).toHaveTextContent('Complaints exported');
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    // the actor's name shows their entries alone
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'Admin Rekha: show only their entries' }),
    ).toHaveAttribute('href', '/audit-log?actor=3');
  });

  it('sends each filter as it is chosen, a name once typing pauses, and clears them', async () => {
    const asked = serve(() => jsonResponse(200, page([approval])));
    renderRoutes(routes, ['/audit-log']);
    await screen.findByRole('table');
    const action = screen.getByLabelText('Action');
    // every action by its readable name
    expect(within(action).getByRole('option', { name: 'Notice deleted' })).toHaveValue('notice.delete');
    fireEvent.change(action, { target: { value: 'authority.approve' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await waitFor(() =>
      expect(asked.at(-1)?.toString()).toBe(
        'action=authority.approve&from=2026-01-01&to=2026-01-31&page=1&pageSize=20',
      ),
    );
    // no Apply: a name or an email is asked for once typing pauses
    fireEvent.change(screen.getByLabelText('Who (name or email)'), { target: { value: ' Rekha ' } });
    await waitFor(() =>
      expect(asked.at(-1)?.toString()).toBe(
        'action=authority.approve&from=2026-01-01&to=2026-01-31&who=Rekha&page=1&pageSize=20',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('page=1&pageSize=20'));
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('shows a refused filter under its field, focused, with the message of the server', async () => {
    serve((q) =>
      q.get('to')
        ? jsonResponse(400, {
            message: 'to must not be before from',
            errors: [{ field: 'to', message: 'to must not be before from' }],
          })
        : jsonResponse(200, page([approval])),
    );
    renderRoutes(routes, ['/audit-log']);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    await waitFor(() => expectPointedAt(screen.getByLabelText('To'), 'to must not be before from'));
  });

  it('pages on with before, the last id of the page shown, and back', async () => {
    const asked = serve((q) =>
      jsonResponse(
        200,
        q.get('page') === '2' ? page([exported], 21, 2) : page([approval, fromCommandLine], 21, 1),
      ),
    );
    renderRoutes(routes, ['/audit-log?action=admin.create']);
    await screen.findByRole('table');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('rowheader', { name: 'Complaints exported' });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked.at(-1)?.toString()).toBe('action=admin.create&page=2&before=41&pageSize=20');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('rowheader', { name: 'Authority approved' });
    expect(asked.at(-1)?.get('before')).toBeNull();
  });

  it('says when nothing matches the filters, and when nothing was recorded', async () => {
    serve(() => jsonResponse(200, page([])));
    const { router } = renderRoutes(routes, ['/audit-log?action=notice.delete']);
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    await router.navigate('/audit-log');
    expect(await screen.findByText('No admin actions have been recorded yet.')).toBeInTheDocument();
  });

  it('shows each entry as a card on a phone, a long address wrapping within it', async () => {
    phoneWidth(360);
    serve(() => jsonResponse(200, page([approval, exported])));
    renderRoutes(routes, ['/audit-log']);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(
      within(first as HTMLElement).getByRole('heading', { name: 'Authority approved' }),
    ).toBeInTheDocument();
    expect(first).toHaveTextContent('15 Jan 2026, 15:30 IST');
    expect(first).toHaveTextContent('User #12');
    expect(within(second as HTMLElement).getByText('2001:db8:85a3:0000:0000:8a2e:0370:7334')).toHaveClass(
      'break-all',
    );
  });
});
