import {
  complaintStatusPath,
  MSG,
  RECENT_COMPLAINTS_SIZE,
  type TStatusCounts,
  type TUser,
  welcomeHeading,
} from '@bit/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { buttonClass, LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Age, DateTime } from '../../../components/ui/date-time';
import { StatusBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useAuthorityComplaints } from '../api/get-authority-complaints';
import { OverdueBadge } from './overdue';

const AWAITING_APPROVAL =
  'Your account is awaiting approval by an administrator. You will see complaints once it is approved.';
const LOCKED_UNTIL_APPROVED = 'Manage Complaints opens once your account is approved.';

export function ApprovalNotice() {
  return (
    <div
      role="status"
      className="mt-6 rounded-lg border border-status-pending/30 bg-status-pending-bg p-4 text-sm text-status-pending"
    >
      {AWAITING_APPROVAL}
    </div>
  );
}

const STATUS_CARDS = [
  ['Total Complaints', 'total'],
  ['Pending', 'pending'],
  ['In Progress', 'inProgress'],
  ['Resolved', 'resolved'],
  ['Rejected', 'rejected'],
] as const;

const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/**
 * The counts: Overdue first, then the total and every status, so the cards add up (Total = Pending +
 * In Progress + Resolved + Rejected). Two columns on a phone, so Overdue and the total are in the
 * first screen (issue 33 row 14); three from `sm`, all six in a row from `lg`.
 */
function StatCards({ stats }: { stats: TStatusCounts | undefined }) {
  return (
    <ul
      className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6"
      aria-label="Complaint counts"
    >
      <li className={cardClass}>
        <p className="text-sm text-slate-600">Overdue</p>
        <p className="mt-1 text-2xl font-bold text-status-other sm:text-3xl">{stats?.overdue ?? '—'}</p>
        {stats && stats.overdue > 0 && (
          <Link
            to={`${paths.manageComplaints}?overdue=true`}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Show overdue complaints
          </Link>
        )}
      </li>
      {STATUS_CARDS.map(([label, key]) => (
        <li key={key} className={cardClass}>
          <p className="text-sm text-slate-600">{label}</p>
          <p className="mt-1 text-2xl font-bold text-brand-900 sm:text-3xl">{stats?.[key] ?? '—'}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * CONTRACT 7.5: the complaints assigned to this authority, in their scope or not: a count of its own
 * beside the scope's cards (which add up to the total; these need not be in it), with the way to them.
 */
function AssignedToMe({ count }: { count: number | undefined }) {
  return (
    <div className={`mt-3 flex flex-wrap items-center justify-between gap-2 ${cardClass}`}>
      <p className="text-sm text-slate-600">
        Assigned to me: <span className="text-lg font-bold text-brand-900">{count ?? '—'}</span>
      </p>
      {count !== undefined && count > 0 && (
        <Link
          to={`${paths.manageComplaints}?assignee=me`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Show mine
        </Link>
      )}
    </div>
  );
}

/**
 * The authority's home: who they are, links, counts over their scope and the five newest complaints.
 * `children`: what the app adds under the counts once approved (the incidents feature's groups).
 */
export function AuthorityDashboard({ user, children }: { user: TUser; children?: ReactNode }) {
  useDocumentTitle('Authority Dashboard');
  const query = useAuthorityComplaints({ page: 1, pageSize: RECENT_COMPLAINTS_SIZE }, user.approved);
  useErrorToast(query.error, () => MSG.fetchDashboardFailed);
  const stats = query.data?.stats;
  const lockedReason = useId();

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{welcomeHeading(user)}</h1>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div className="flex gap-1">
          <dt className="font-medium">Designation:</dt>
          <dd>{user.designation ?? '—'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium">Department:</dt>
          <dd>{user.department ?? '—'}</dd>
        </div>
        {user.hostelNo !== null && (
          <div className="flex gap-1">
            <dt className="font-medium">Hostel:</dt>
            <dd>{user.hostelNo}</dd>
          </div>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {user.approved ? (
          <LinkButton to={paths.manageComplaints}>Manage Complaints</LinkButton>
        ) : (
          // the server refuses its list until approved (issue 33 row 13): dimmed, still focusable
          // (aria-disabled, not disabled) and described by the reason shown under the buttons
          <button
            type="button"
            aria-disabled="true"
            aria-describedby={lockedReason}
            className={buttonClass('primary', 'cursor-not-allowed opacity-60')}
          >
            Manage Complaints
          </button>
        )}
        {/* open while awaiting approval: the notices read there, the form says why it waits */}
        <LinkButton to={paths.notifications} variant="secondary">
          Notifications
        </LinkButton>
        <LinkButton to={paths.authoritySettings} variant="secondary">
          Email settings
        </LinkButton>
      </div>
      {!user.approved && (
        <p id={lockedReason} className="mt-2 text-sm text-slate-600">
          {LOCKED_UNTIL_APPROVED}
        </p>
      )}

      {!user.approved ? (
        <ApprovalNotice />
      ) : (
        <>
          <StatCards stats={stats} />
          <AssignedToMe count={query.data?.assignedToMe} />
          {children}

          <Card className="mt-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-brand-900">Recent Complaints</h2>
              {stats && stats.total > RECENT_COMPLAINTS_SIZE && (
                <Link
                  to={paths.manageComplaints}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  View All
                </Link>
              )}
            </div>
            <QueryState
              query={query}
              errorText={MSG.fetchDashboardFailed}
              isEmpty={(list) => list.data.length === 0}
              empty="No complaints yet."
              className="mt-4"
            >
              {(list) => (
                <ul className="mt-4 divide-y divide-slate-100">
                  {list.data.slice(0, RECENT_COMPLAINTS_SIZE).map((c) => (
                    <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                      <div>
                        <Link
                          to={complaintStatusPath(c.token)}
                          className="inline-flex min-h-11 items-center font-mono text-sm text-brand-700 underline-offset-2 hover:underline"
                        >
                          {c.token}
                        </Link>
                        <p className="text-sm text-slate-600">
                          {c.type} · {c.subType}
                          {c.hostelNo !== null ? ` · Hostel ${c.hostelNo}` : ''} ·{' '}
                          <DateTime iso={c.createdAt} dateOnly /> (<Age iso={c.createdAt} />)
                        </p>
                      </div>
                      <div className="flex flex-col items-end gap-1">
                        <StatusBadge status={c.status} />
                        <OverdueBadge complaint={c} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </Card>
        </>
      )}
    </section>
  );
}
