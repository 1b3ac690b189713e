import { COMPLAINT_STATUSES, COMPLAINT_TYPES, MSG, MSG_SEARCH, type TComplaint } from '@bit/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CsvTimesNote, ExportCsvLink } from '../../../components/export-csv-link';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { SHELL_HEADINGS } from '../../../config/headings';
import { hostelOptions } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { exportComplaintsUrl } from '../api/export-complaints';
import { useAdminComplaints } from '../api/get-admin-complaints';
import type { TAdminFilters } from '../api/keys';
import { ComplaintSearch, NoMatch, searchFromParams } from './complaint-search';
import {
  ComplaintTable,
  columns,
  IncidentFilterNote,
  IncidentLink,
  type TComplaintColumn,
  ViewLink,
} from './complaint-table';
import { incidentParam, pageFromParams, toParams } from './list-params';

type TFilterForm = Pick<TAdminFilters, 'hostelNo' | 'type' | 'status'>;
const EMPTY_FORM: TFilterForm = { hostelNo: '', type: '', status: '' };

const FILTERS = [
  { key: 'hostelNo', label: 'Hostel', options: hostelOptions },
  { key: 'type', label: 'Type', options: COMPLAINT_TYPES },
  { key: 'status', label: 'Status', options: COMPLAINT_STATUSES },
] as const;

/** Reads the filters from the query string: ?hostelNo=&type=&status=&overdue=true&q=&page=&before= */
function filtersFromParams(params: URLSearchParams): TAdminFilters {
  return {
    hostelNo: params.get('hostelNo') ?? '',
    type: params.get('type') ?? '',
    status: params.get('status') ?? '',
    overdue: params.get('overdue') === 'true',
    q: searchFromParams(params),
    incident: incidentParam(params),
    ...pageFromParams(params),
  };
}

const ADMIN_COLUMNS: TComplaintColumn[] = [
  columns.token,
  {
    header: 'Type',
    cell: (c) => (
      <>
        {c.type}
        {c.hostelNo !== null && (
          <span className="block text-xs text-slate-500">
            Hostel {c.hostelNo}
            {c.roomNo ? `, room ${c.roomNo}` : ''}
          </span>
        )}
      </>
    ),
  },
  columns.student,
  {
    header: 'Problem',
    cell: (c) => (
      <>
        {c.subType}
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
    {c.student.name}
    {c.student.rollNo ? ` (${c.student.rollNo})` : ''} ·{' '}
    {c.assignedTo ? `Assigned to ${c.assignedTo.name}` : 'Not assigned'}
  </p>
);

/**
 * Every complaint for the admin, filtered by hostel, type, status and overdue; the URL holds the
 * filters, and the CSV export takes the ones applied.
 */
export function ViewComplaints() {
  useDocumentTitle('View Complaints');
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  const filters = useMemo(() => filtersFromParams(searchParams), [key]);
  const [form, setForm] = useState<TFilterForm>(filters);
  const cursors = usePageCursors(
    `${filters.hostelNo}|${filters.type}|${filters.status}|${filters.overdue}|${filters.q}|${filters.incident ?? ''}`,
  );
  // a page opened from a link (or the back button) carries its start in the URL
  cursors.know(filters.page, filters.before);
  const query = useAdminComplaints(filters);
  useErrorToast(query.error, () => MSG.fetchComplaintsFailed);
  const list = query.data;

  // the form follows the URL (first load, back/forward)
  useEffect(() => {
    setForm({ hostelNo: filters.hostelNo, type: filters.type, status: filters.status });
  }, [filters]);

  const set = (k: keyof TFilterForm) => (value: string) => setForm((prev) => ({ ...prev, [k]: value }));

  function onApply(event: FormEvent) {
    event.preventDefault();
    setSearchParams(toParams({ ...form, overdue: filters.overdue, q: filters.q }));
  }

  // one tap: applies at once, with the choices of the form (like Apply), from the first page
  function onOverdue(overdue: boolean) {
    setSearchParams(toParams({ ...form, overdue, q: filters.q }));
  }

  // a new search keeps the filters applied, from the first page
  const onSearch = (q: string) =>
    setSearchParams(
      toParams({
        hostelNo: filters.hostelNo,
        type: filters.type,
        status: filters.status,
        overdue: filters.overdue,
        q,
      }),
    );

  function onClear() {
    setForm(EMPTY_FORM);
    setSearchParams(new URLSearchParams());
  }

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.viewComplaints}</h1>
      <Card className="mt-6">
        <form
          onSubmit={onApply}
          aria-label="Filters"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        >
          {FILTERS.map(({ key, label, options }) => (
            <SelectField
              key={key}
              label={label}
              value={form[key]}
              onChange={(e) => set(key)(e.target.value)}
              placeholder="All"
              options={options}
            />
          ))}
          <div className="flex gap-3">
            <Button type="submit">Apply</Button>
            <Button variant="secondary" onClick={onClear}>
              Clear
            </Button>
          </div>
        </form>
      </Card>

      <Card className="mt-6">
        <ComplaintSearch value={filters.q} onSearch={onSearch} />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {list ? MSG_SEARCH.count(list.count, list.countAtLeast) : ''}
          </p>
          <div className="flex flex-wrap gap-3">
            <ToggleButton pressed={filters.overdue} onPressedChange={onOverdue}>
              Overdue
            </ToggleButton>
            <ExportCsvLink href={exportComplaintsUrl(filters)} />
          </div>
        </div>
        {filters.incident && (
          <IncidentFilterNote
            incident={filters.incident}
            onClear={() =>
              setSearchParams(toParams({ ...filters, incident: undefined, page: 1, before: undefined }))
            }
          />
        )}
        <p className="mt-2 text-right text-xs text-slate-600">
          The CSV lists every complaint these filters{filters.q ? ' and this search' : ''} keep.{' '}
          <CsvTimesNote />
        </p>
        <ComplaintTable
          cardHeading="h2"
          query={query}
          label="Complaints"
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
          onPageChange={(page) =>
            setSearchParams(toParams({ ...filters, page, before: cursors.move(list, page) }))
          }
        />
      </Card>
    </section>
  );
}
