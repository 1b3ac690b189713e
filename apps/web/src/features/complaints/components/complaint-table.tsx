import {
  complaintStatusPath,
  MSG_SEARCH,
  PAGE_SIZE_DEFAULT,
  type TComplaint,
  type TComplaintPage,
} from '@bit/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Highlighted, SearchHighlight } from '../../../components/highlighted';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { Age, DateTime, FiledOn } from '../../../components/ui/date-time';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { incidentPath } from '../../../config/paths';
import { useFocusRescue } from '../../../hooks/use-focus-rescue';
import { SM_UP, useMediaQuery } from '../../../hooks/use-media-query';
import { useStepBackFromEmptyPage } from '../../../hooks/use-step-back-from-empty-page';
import { OverdueBadge } from './overdue';

const tableClass = 'min-w-full divide-y divide-slate-200 text-left text-sm';
const thClass = 'px-4 py-3 font-semibold whitespace-nowrap text-slate-700';
const tdClass = 'px-4 py-3 align-top text-slate-800';

export interface TComplaintColumn {
  header: string;
  /** the header is read by screen readers only (an actions column) */
  hiddenHeader?: boolean;
  /** extra classes for the cells, e.g. 'whitespace-nowrap' */
  className?: string;
  cell: (complaint: TComplaint) => ReactNode;
}

/** A row's link to the complaint's page, named after its token for screen readers. */
export function ViewLink({ token }: { token: string }) {
  return (
    <Link
      to={complaintStatusPath(token)}
      aria-label={`View ${token}`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      View
    </Link>
  );
}

const statusCell = (c: TComplaint) => (
  <>
    <StatusBadge status={c.status} />
    <OverdueBadge complaint={c} className="mt-1" />
  </>
);

/** A complaint's incident (CONTRACT 6.1), linked to the incident's page; nothing when it has none. */
export function IncidentLink({ complaint: c }: { complaint: TComplaint }) {
  if (!c.incident) return null;
  return (
    <Link
      to={incidentPath(c.incident.id)}
      className="mt-0.5 block text-xs font-medium break-words text-brand-700 underline-offset-2 hover:underline"
    >
      Incident: {c.incident.title}
    </Link>
  );
}

/** Over a list kept to one incident's complaints: which, and the way back to every complaint. */
export function IncidentFilterNote({ incident, onClear }: { incident: string; onClear: () => void }) {
  return (
    <p role="status" className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      Showing the complaints of incident #{incident}.
      <button
        type="button"
        onClick={onClear}
        className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        Show all complaints
      </button>
    </p>
  );
}

/** Columns more than one list shows. */
export const columns = {
  token: {
    header: 'Token',
    className: 'font-mono whitespace-nowrap',
    cell: (c) => <Highlighted text={c.token} />,
  },
  status: { header: 'Status', cell: statusCell },
  date: { header: 'Date', cell: (c) => <FiledOn iso={c.createdAt} /> },
  student: {
    header: 'Student',
    cell: (c) => (
      <>
        <Highlighted text={c.student.name} />
        {c.student.rollNo && (
          <span className="block text-xs text-slate-500">
            <Highlighted text={c.student.rollNo} />
          </span>
        )}
      </>
    ),
  },
} satisfies Record<string, TComplaintColumn>;

/** Where the problem is: "Hostel 4, room 12" or "College"; the room marked when a search matched it. */
export const placeOf = (c: TComplaint) =>
  c.hostelNo !== null ? (
    <>
      Hostel {c.hostelNo}
      {c.roomNo && (
        <>
          , room <Highlighted text={c.roomNo} />
        </>
      )}
    </>
  ) : (
    c.type
  );

/**
 * A list's count line (issue 51 row 9): "1 complaint", "12 complaints", said as the list changes.
 * Empty until the list is there.
 */
export function CountLine({
  list,
  className = '',
}: {
  list: TComplaintPage | undefined;
  className?: string;
}) {
  return (
    <p className={`text-sm font-medium text-slate-700 ${className}`} aria-live="polite">
      {list ? MSG_SEARCH.count(list.count, list.countAtLeast) : ''}
    </p>
  );
}

/**
 * One complaint as a card, for a phone: token, status, problem, where, how old, and its actions,
 * all within the screen's width (no table to scroll sideways).
 */
function ComplaintCard({
  complaint: c,
  details,
  actions,
  headingLevel: Heading,
}: {
  complaint: TComplaint;
  headingLevel: 'h2' | 'h3';
  details: ((c: TComplaint) => ReactNode) | undefined;
  actions: ((c: TComplaint) => ReactNode) | undefined;
}) {
  const ref = useFocusRescue<HTMLLIElement>();
  return (
    <li ref={ref} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="font-mono text-sm font-semibold break-all text-slate-900">
          <Highlighted text={c.token} />
        </Heading>
        <div className="flex flex-col items-end gap-1">{statusCell(c)}</div>
      </div>
      <p className="mt-2 text-sm text-slate-900">
        <span className="font-medium">
          <Highlighted text={c.subType} />
        </span>
        <span className="text-slate-600"> · {placeOf(c)}</span>
      </p>
      <IncidentLink complaint={c} />
      {details?.(c)}
      <p className="mt-1 text-xs text-slate-600">
        Filed <DateTime iso={c.createdAt} dateOnly /> · <Age iso={c.createdAt} />
      </p>
      {actions && <div className="mt-3 flex flex-wrap items-center gap-2">{actions(c)}</div>}
    </li>
  );
}

/** One complaint as a table row; focus in it goes to the heading should it leave the list. */
function ComplaintRow({
  complaint: c,
  columns: cols,
}: {
  complaint: TComplaint;
  columns: TComplaintColumn[];
}) {
  const ref = useFocusRescue<HTMLTableRowElement>();
  return (
    <tr ref={ref}>
      {cols.map((col) => (
        <td key={col.header} className={col.className ? `${tdClass} ${col.className}` : tdClass}>
          {col.cell(c)}
        </td>
      ))}
    </tr>
  );
}

/**
 * The frame of every complaint list: the loading, empty and error states, then, from Tailwind's `sm`
 * breakpoint on, a table (in its own scroll box, so the page never scrolls sideways), and below it a
 * list of cards that needs no sideways scrolling at all; and pagination. `actions` are the last column
 * of the table (its header read by screen readers only) and the foot of each card; `details` are what
 * a card shows besides token, status, problem, place and age (the student, for authorities).
 */
export function ComplaintTable({
  query,
  label,
  emptyText,
  failedText,
  columns: cols,
  actions,
  details,
  onPageChange,
  cardHeading = 'h3',
  search = '',
}: {
  query: { isPending: boolean; data: TComplaintPage | undefined };
  label: string;
  /** a text, or a whole empty state (a search's NoMatch) */
  emptyText: ReactNode;
  failedText: string;
  columns: TComplaintColumn[];
  actions?: (complaint: TComplaint) => ReactNode;
  details?: (complaint: TComplaint) => ReactNode;
  onPageChange: (page: number) => void;
  /** The cards' heading level: one below the heading the list sits under (h1 → h2, h2 → h3). */
  cardHeading?: 'h2' | 'h3';
  /** the list's search: the words it matched are marked in the rows and cards */
  search?: string;
}) {
  // one of the two is in the page, never both: screen readers and find-in-page meet each complaint once
  const wide = useMediaQuery(SM_UP, true);
  const tableCols = actions ? [...cols, { header: 'Actions', hiddenHeader: true, cell: actions }] : cols;
  useStepBackFromEmptyPage(query.data, query.data?.pageSize || PAGE_SIZE_DEFAULT, onPageChange);
  return (
    <QueryState
      query={query}
      errorText={failedText}
      isEmpty={(list) => list.data.length === 0}
      empty={emptyText}
      className="mt-4"
    >
      {(list) => (
        <SearchHighlight q={search}>
          {wide ? (
            <TableScroll label={label}>
              <table className={tableClass}>
                <caption className="sr-only">{label}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    {tableCols.map((col) => (
                      <th key={col.header} scope="col" className={thClass}>
                        {col.hiddenHeader ? <span className="sr-only">{col.header}</span> : col.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {list.data.map((c) => (
                    <ComplaintRow key={c.id} complaint={c} columns={tableCols} />
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <ul aria-label={label} className="mt-4 space-y-3">
              {list.data.map((c) => (
                <ComplaintCard
                  key={c.id}
                  complaint={c}
                  details={details}
                  actions={actions}
                  headingLevel={cardHeading}
                />
              ))}
            </ul>
          )}
          <Pagination
            page={list.page}
            pageSize={list.pageSize || PAGE_SIZE_DEFAULT}
            count={list.count}
            countAtLeast={list.countAtLeast}
            shown={list.data.length}
            onPageChange={onPageChange}
          />
        </SearchHighlight>
      )}
    </QueryState>
  );
}
