import { COMPLAINT_STATUSES, COMPLAINT_TYPES, MSG, SEARCH_MAX, type TComplaint } from '@bit/contract';
import { useMemo } from 'react';
import { CsvTimesNote, ExportCsvLink } from '../../../components/export-csv-link';
import { FilterBar } from '../../../components/filter-bar';
import { Highlighted } from '../../../components/highlighted';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { SHELL_HEADINGS } from '../../../config/headings';
import { hostelOptions } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { exportComplaintsUrl } from '../../../lib/export-url';
import { useAdminComplaints } from '../api/get-admin-complaints';
import type { TAdminFilters } from '../api/keys';
import { ComplaintSearch, NoMatch } from './complaint-search';
import {
  ComplaintTable,
  CountLine,
  columns,
  IncidentFilterNote,
  IncidentLink,
  placeOf,
  type TComplaintColumn,
  ViewLink,
} from './complaint-table';

const FILTERS = [
  { key: 'hostelNo', label: 'Hostel', options: hostelOptions },
  { key: 'type', label: 'Type', options: COMPLAINT_TYPES },
  { key: 'status', label: 'Status', options: COMPLAINT_STATUSES },
] as const;

/** The list's filters in its URL: ?hostelNo=&type=&status=&overdue=true&q=&incident=&page=&before= */
const FILTER_KEYS = ['hostelNo', 'type', 'status', 'overdue', 'q', 'incident'] as const;
/** What the "Filters" disclosure counts: the fields folded under it on a phone. */
const FOLDED_KEYS = ['hostelNo', 'type', 'status', 'overdue'] as const;

const ADMIN_COLUMNS: TComplaintColumn[] = [
  columns.token,
  {
    header: 'Type',
    cell: (c) => (
      <>
        {c.type}
        {c.hostelNo !== null && <span className="block text-xs text-slate-500">{placeOf(c)}</span>}
      </>
    ),
  },
  columns.student,
  {
    header: 'Problem',
    cell: (c) => (
      <>
        <Highlighted text={c.subType} />
        <IncidentLink complaint={c} />
      </>
    ),
  },
  {
    header: 'Assigned to',
    cell: (c) =>
      c.assignedTo ? (
        <>
          {c.assignedTo.name}
          {c.assignedTo.designation && (
            <span className="block text-xs text-slate-500">{c.assignedTo.designation}</span>
          )}
        </>
      ) : (
        'Not assigned'
      ),
  },
  columns.status,
  columns.date,
];

const adminActions = (c: TComplaint) => <ViewLink token={c.token} />;

/** What a card adds for the admin: who filed it and who has it. */
const adminDetails = (c: TComplaint) => (
  <p className="mt-1 text-xs text-slate-600">
    <Highlighted text={c.student.name} />
    {c.student.rollNo && (
      <>
        {' ('}
        <Highlighted text={c.student.rollNo} />)
      </>
    )}{' '}
    · {c.assignedTo ? `Assigned to ${c.assignedTo.name}` : 'Not assigned'}
  </p>
);

/**
 * Every complaint for the admin, filtered by hostel, type, status and overdue, and searched; each
 * filter applies as it changes (components/filter-bar.tsx), the URL holds them, and the CSV export
 * takes the ones applied.
 */
export function ViewComplaints() {
  useDocumentTitle('View Complaints');
  const url = useUrlFilters(FILTER_KEYS);
  const { values, page } = url;
  const filters: TAdminFilters = useMemo(
    () => ({
      hostelNo: values.hostelNo,
      type: values.type,
      status: values.status,
      overdue: values.overdue === 'true',
      q: values.q.trim().slice(0, SEARCH_MAX),
      incident: /^[1-9][0-9]{0,14}$/.test(values.incident) ? values.incident : undefined,
      page,
      before: url.before,
    }),
    [values, page, url.before],
  );
  const cursors = usePageCursors(url.scope);
  // a page opened from a link (or the back button) carries its start in the URL
  cursors.know(filters.page, filters.before);
  const query = useAdminComplaints(filters);
  useErrorToast(query.error, () => MSG.fetchComplaintsFailed);
  const list = query.data;
  const onSearch = (q: string) => url.set({ q });

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.viewComplaints}</h1>
      <Card className="mt-6">
        <ComplaintSearch value={filters.q} onSearch={onSearch} />
        <FilterBar
          label="Filters"
          className="mt-4"
          setCount={url.setCount(FOLDED_KEYS)}
          onClear={url.clear}
          fieldsClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        >
          {FILTERS.map(({ key, label, options }) => (
            <SelectField
              key={key}
              label={label}
              name={key}
              value={filters[key]}
              onChange={(e) => url.set({ [key]: e.target.value })}
              placeholder="All"
              options={options}
            />
          ))}
          <div className="flex items-end">
            <ToggleButton pressed={filters.overdue} onPressedChange={(overdue) => url.set({ overdue })}>
              Overdue
            </ToggleButton>
          </div>
        </FilterBar>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <CountLine list={list} />
          <ExportCsvLink href={exportComplaintsUrl(filters)} />
        </div>
        {filters.incident && (
          <IncidentFilterNote incident={filters.incident} onClear={() => url.set({ incident: '' })} />
        )}
        <p className="mt-2 text-xs text-slate-600 sm:text-right">
          The CSV lists every complaint these filters{filters.q ? ' and this search' : ''} keep.{' '}
          <CsvTimesNote />
        </p>
        <ComplaintTable
          cardHeading="h2"
          query={query}
          label="Complaints"
          search={filters.q}
          emptyText={
            filters.q ? (
              <NoMatch q={filters.q} onClear={() => onSearch('')} />
            ) : filters.overdue ? (
              'No overdue complaints.'
            ) : (
              'No complaints found.'
            )
          }
          failedText={MSG.fetchComplaintsFailed}
          columns={ADMIN_COLUMNS}
          actions={adminActions}
          details={adminDetails}
          onPageChange={(to) => url.setPage(to, cursors.move(list, to))}
        />
      </Card>
    </section>
  );
}
