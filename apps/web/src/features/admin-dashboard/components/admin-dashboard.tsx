import { ADMIN_QUICK_LINKS, MSG, type TAdminStats, type TUser, welcomeHeading } from '@bit/contract';
import { type ReactNode, useId } from 'react';
import { QueryState } from '../../../components/query-state';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminStats } from '../api/get-admin-stats';
import { useRecentFeedback } from '../api/get-recent-feedback';
import { BarChart } from './bar-chart';

/** "4.3", or the words when nobody has rated anything yet. */
export function formatAverage(average: number | null | undefined) {
  return average === null || average === undefined ? 'No ratings yet' : average.toFixed(1);
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

const countsOf = (s: TAdminStats) => [
  { label: 'Total', value: s.total, tone: 'text-brand-900' },
  { label: 'Pending', value: s.pending, tone: 'text-status-pending' },
  { label: 'In Progress', value: s.inProgress, tone: 'text-status-progress' },
  { label: 'Resolved', value: s.resolved, tone: 'text-status-resolved' },
  { label: 'Rejected', value: s.rejected, tone: 'text-status-other' },
  { label: 'Overdue', value: s.overdue, tone: 'text-status-other' },
];

/**
 * /admin-dashboard: the server's counts, quick links, recent feedback and two bar charts. `notices`:
 * what other features warn of (src/app/routes composes them: the committees without members).
 */
export function AdminDashboard({ user, notices }: { user: TUser; notices?: ReactNode }) {
  useDocumentTitle('Admin Dashboard');
  const recentId = useId();
  const stats = useAdminStats();
  const feedback = useRecentFeedback();

  // both reads fail together when the server is down: one toast says so
  useErrorToast(stats.error ?? feedback.error, () => MSG.fetchDashboardFailed, 'admin-dashboard-failed');

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.adminDashboard}</h1>
      <p className="mt-1 text-slate-600">{welcomeHeading(user)}</p>

      {/* the contract's list: the server draws the same links into the page's shell */}
      <nav aria-label="Quick links" className="mt-6 flex flex-wrap gap-2">
        {ADMIN_QUICK_LINKS.map((link, i) => (
          <LinkButton key={link.path} to={link.path} variant={i === 0 ? 'primary' : 'secondary'}>
            {link.label}
          </LinkButton>
        ))}
      </nav>

      {notices}

      <QueryState
        query={stats}
        errorText={errorMessage(stats.error, MSG.fetchDashboardFailed)}
        className="mt-6"
        // the counts and both charts are taller than a phone's screen: the recent list stays below it
        reserve="min-h-svh"
      >
        {(s) => (
          <>
            <h2 className="sr-only">Complaint counts</h2>
            <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
              {countsOf(s).map((c) => (
                <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <dt className="text-sm text-slate-600">{c.label}</dt>
                  <dd className={`mt-1 text-3xl font-bold tabular-nums ${c.tone}`}>{c.value}</dd>
                </div>
              ))}
              <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-slate-600">Average Rating</dt>
                <dd className="mt-1 text-3xl font-bold tabular-nums text-accent-700">
                  {s.averageRating === null ? (
                    <span className="text-base font-medium text-slate-600">{formatAverage(null)}</span>
                  ) : (
                    formatAverage(s.averageRating)
                  )}
                </dd>
                {s.feedbackCount > 0 && (
                  <dd className="text-xs text-slate-500">
                    from {s.feedbackCount} {s.feedbackCount === 1 ? 'rating' : 'ratings'}
                  </dd>
                )}
              </div>
            </dl>

            <div className="mt-6 grid gap-6 lg:grid-cols-2">
              <Card>
                <BarChart
                  title="Complaints by status"
                  bars={[
                    { label: 'Pending', value: s.pending, colour: 'bg-status-pending-bar' },
                    { label: 'In Progress', value: s.inProgress, colour: 'bg-status-progress' },
                    { label: 'Resolved', value: s.resolved, colour: 'bg-status-resolved' },
                    { label: 'Rejected', value: s.rejected, colour: 'bg-status-other' },
                  ]}
                />
              </Card>
              <Card>
                <BarChart
                  title="Hostel complaints by hostel"
                  empty="No hostel complaints yet."
                  bars={[...s.byHostel]
                    .sort((a, b) => a.hostelNo - b.hostelNo)
                    .map((h) => ({ label: `Hostel ${h.hostelNo}`, value: h.total }))}
                />
                <p className="mt-3 text-sm text-slate-600">
                  Hostel: {s.byType.Hostel} · College: {s.byType.College}
                </p>
              </Card>
            </div>
          </>
        )}
      </QueryState>

      <Card className="mt-6">
        <section aria-labelledby={recentId}>
          <h2 id={recentId} className="text-lg font-semibold text-brand-900">
            Recent Feedback
          </h2>
          <QueryState
            query={feedback}
            errorText={MSG.fetchDashboardFailed}
            isEmpty={(page) => page.data.length === 0}
            empty="No feedback yet."
            className="mt-3"
          >
            {(page) => (
              <ul className="mt-3 divide-y divide-slate-200">
                {page.data.map((f) => (
                  <li key={f.id} className="py-3">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="text-accent-700" role="img" aria-label={`Rating ${f.rating} of 5`}>
                        {stars(f.rating)}
                      </span>
                      <span className="font-mono text-sm text-slate-800">{f.complaint.token}</span>
                      <span className="text-sm text-slate-600">
                        {f.student.name}
                        {f.student.rollNo ? ` (${f.student.rollNo})` : ''}
                      </span>
                      <DateTime iso={f.createdAt} className="text-xs text-slate-500" />
                    </div>
                    {f.comments ? (
                      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">
                        {f.comments}
                      </p>
                    ) : (
                      <p className="mt-1 text-sm italic text-slate-500">No comment</p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </Card>
    </section>
  );
}
