import { MSG, type TUser } from '@bit/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { toast } from 'react-toastify';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { getAdminStats, getRecentFeedback } from '../api/admin-dashboard-api';
import { BarChart } from './bar-chart';

/** "4.3", or the words when nobody has rated anything yet. */
export function formatAverage(average: number | null | undefined) {
  return average === null || average === undefined ? 'No ratings yet' : average.toFixed(1);
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

/** /admin-dashboard: the server's counts, quick links, recent feedback and two bar charts. */
export function AdminDashboard({ user }: { user: TUser }) {
  useDocumentTitle('Admin Dashboard');
  const recentId = useId();
  const stats = useQuery({ queryKey: ['admin', 'stats'], queryFn: getAdminStats });
  const feedback = useQuery({ queryKey: ['feedback', 'recent'], queryFn: getRecentFeedback });

  const failed = stats.isError || feedback.isError;
  useEffect(() => {
    if (failed) toast.error(MSG.fetchDashboardFailed, { toastId: 'admin-dashboard-failed' });
  }, [failed]);

  const s = stats.data;
  const counts = s
    ? [
        { label: 'Total', value: s.total, tone: 'text-brand-900' },
        { label: 'Pending', value: s.pending, tone: 'text-status-pending' },
        { label: 'In Progress', value: s.inProgress, tone: 'text-status-progress' },
        { label: 'Resolved', value: s.resolved, tone: 'text-status-resolved' },
        { label: 'Rejected', value: s.rejected, tone: 'text-status-other' },
      ]
    : [];

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Admin Dashboard</h1>
      <p className="mt-1 text-slate-600">Welcome, {user.name}</p>

      <nav aria-label="Quick links" className="mt-6 flex flex-wrap gap-2">
        <LinkButton to={paths.notifications}>Post Notification</LinkButton>
        <LinkButton to={paths.viewComplaints} variant="secondary">
          View All Complaints
        </LinkButton>
        <LinkButton to={`${paths.viewComplaints}?type=College`} variant="secondary">
          College Complaints
        </LinkButton>
        <LinkButton to={paths.manageAuthorities} variant="secondary">
          Manage Authorities
        </LinkButton>
      </nav>

      {stats.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          {MSG.loading}
        </p>
      ) : stats.isError ? (
        <p role="alert" className="mt-6 text-status-other">
          {errorMessage(stats.error, MSG.fetchDashboardFailed)}
        </p>
      ) : (
        <>
          <h2 className="sr-only">Complaint counts</h2>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {counts.map((c) => (
              <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-slate-600">{c.label}</dt>
                <dd className={`mt-1 text-3xl font-bold tabular-nums ${c.tone}`}>{c.value}</dd>
              </div>
            ))}
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">Average Rating</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums text-accent-700">
                {s?.averageRating === null ? (
                  <span className="text-base font-medium text-slate-600">{formatAverage(null)}</span>
                ) : (
                  formatAverage(s?.averageRating)
                )}
              </dd>
              {s && s.feedbackCount > 0 && (
                <dd className="text-xs text-slate-500">
                  from {s.feedbackCount} {s.feedbackCount === 1 ? 'rating' : 'ratings'}
                </dd>
              )}
            </div>
          </dl>

          {s && (
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
          )}
        </>
      )}

      <Card className="mt-6">
        <section aria-labelledby={recentId}>
          <h2 id={recentId} className="text-lg font-semibold text-brand-900">
            Recent Feedback
          </h2>
          {feedback.isPending ? (
            <p role="status" className="mt-3 text-slate-600">
              {MSG.loading}
            </p>
          ) : feedback.isError ? (
            <p className="mt-3 text-status-other">{MSG.fetchDashboardFailed}</p>
          ) : feedback.data.data.length === 0 ? (
            <p className="mt-3 text-slate-600">No feedback yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200">
              {feedback.data.data.map((f) => (
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
                    <span className="text-xs text-slate-500">{new Date(f.createdAt).toLocaleString()}</span>
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
        </section>
      </Card>
    </section>
  );
}
