import { MSG, STUDENT_DASHBOARD_TOP, type TComplaint, type TUser, welcomeHeading } from '@bit/contract';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Highlighted } from '../../../components/highlighted';
import { SavedCopyNote } from '../../../components/saved-copy-note';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { useSavedCopy } from '../../../hooks/use-saved-copy';
import { useStudentComplaints } from '../api/get-student-complaints';
import { ComplaintSearch, NoMatch, searchFromParams } from './complaint-search';
import {
  ComplaintTable,
  CountLine,
  columns,
  IncidentLink,
  type TComplaintColumn,
  ViewLink,
} from './complaint-table';
import { RateOrRating } from './rating';
import { Reopen } from './reopen-dialog';

const STUDENT_COLUMNS: TComplaintColumn[] = [
  columns.token,
  { header: 'Type', cell: (c) => c.type },
  {
    header: 'Problem',
    // its incident as the phone's card shows it (issue 51)
    cell: (c) => (
      <>
        <Highlighted text={c.subType} />
        <IncidentLink complaint={c} />
      </>
    ),
  },
  columns.date,
  columns.status,
];

/** View, and for a closed complaint Reopen (or why not) and Rate this resolution (or the rating given). */
const studentActions = (c: TComplaint) => (
  <div className="flex flex-wrap items-center gap-2">
    <ViewLink token={c.token} />
    <RateOrRating complaint={c} />
    <Reopen complaint={c} buttonLabel={`Reopen ${c.token}`} className="max-w-56 text-xs" />
  </div>
);

/** A saved copy is read only: its complaints open (their own saved pages), nothing else is offered. */
const viewOnly = (c: TComplaint) => <ViewLink token={c.token} />;

/**
 * The student's home: welcome, File New Complaint, and their complaints page by page; offline, the
 * pages last read, marked as of when (hooks/use-saved-copy.ts).
 */
/**
 * `aside`: what the app adds above the list (the incidents feature's known problems, issue 51: below
 * the list and its pager they were 2,500 px down at 1280), with `asidePending` while its data has not
 * come; `children`: what it adds under the list.
 */
export function StudentDashboard({
  user,
  aside,
  asidePending = false,
  children,
}: {
  user: TUser;
  aside?: ReactNode;
  asidePending?: boolean;
  children?: ReactNode;
}) {
  useDocumentTitle('Student Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  // the search lives in the URL (?q=, CONTRACT 6.2); the page does not, as before
  const q = searchFromParams(searchParams);
  const [paged, setPaged] = useState({ q, page: 1 });
  const page = paged.q === q ? paged.page : 1;
  const setPage = (to: number) => setPaged({ q, page: to });
  const cursors = usePageCursors(`mine|${q}`);
  const before = cursors.before(page);
  const query = useStudentComplaints(page, before, q);
  const shown = useSavedCopy(user, `mine:${page}:${before ?? ''}${q ? `:${q}` : ''}`, query);
  const onSearch = (text: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (text) next.set('q', text);
      else next.delete('q');
      return next;
    });
  // the saved copy says why it is shown; a toast would only repeat it
  useErrorToast(shown.asOf ? null : query.error, () => MSG.fetchYourComplaintsFailed);
  // The aside is drawn before the list's card, never after it: arriving above a card already on the
  // screen, it pushed the whole list down (Lighthouse's CLS 0.27, issue 51 row 23). From the page's
  // first data it is there on the first render; while it is asked of the server, a placeholder holds
  // the place (replaced, not moved), and the card comes with it.
  const asideFirst = asidePending && shown.asOf === null;
  const listDrawn = shown.asOf !== null || !query.isPending;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{welcomeHeading(user)}</h1>
          {user.rollNo && (
            <p className="mt-1 text-sm text-slate-600">{STUDENT_DASHBOARD_TOP.rollNumber(user.rollNo)}</p>
          )}
        </div>
        <LinkButton to={paths.fileComplaint}>{STUDENT_DASHBOARD_TOP.fileNew}</LinkButton>
      </div>

      {asideFirst ? (
        <div
          role="status"
          className="mt-6 h-40 rounded-xl bg-slate-200/70 motion-safe:animate-pulse"
          aria-label={MSG.loading}
        />
      ) : (
        aside
      )}
      {!asideFirst && (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-brand-900">My Complaints</h2>
          <div className="mt-4">
            <ComplaintSearch value={q} onSearch={onSearch} />
          </div>
          {/* a search says how many it found (issue 51 row 9) */}
          {q && <CountLine list={shown.data} className="mt-4" />}
          {shown.asOf !== null && <SavedCopyNote asOf={shown.asOf} className="mt-4" />}
          <ComplaintTable
            query={shown.asOf !== null ? { isPending: false, data: shown.data } : query}
            label="Your complaints"
            search={q}
            emptyText={
              q ? <NoMatch q={q} onClear={() => onSearch('')} /> : 'You have not filed any complaints yet.'
            }
            failedText={MSG.fetchYourComplaintsFailed}
            columns={STUDENT_COLUMNS}
            actions={shown.asOf !== null ? viewOnly : studentActions}
            onPageChange={(to) => {
              cursors.move(shown.data, to);
              setPage(to);
            }}
          />
        </Card>
      )}
      {/* under the list, and once the list is drawn, so that what comes in after it moves nothing
          (Lighthouse's CLS: the list's arrival pushed the open incidents down, 0.2 to 0.29) */}
      {listDrawn && !asideFirst && children}
    </section>
  );
}
