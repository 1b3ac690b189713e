import {
  COMPLAINT_STATUSES,
  MSG,
  manageComplaintsHeading,
  type TComplaint,
  type TComplaintStatus,
  type TUser,
} from '@bit/contract';
import { type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Highlighted } from '../../../components/highlighted';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FiledOn } from '../../../components/ui/date-time';
import { SelectField } from '../../../components/ui/form-field';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useAuthorityComplaints } from '../api/get-authority-complaints';
import { assigneeText } from './assign-control';
import { ApprovalNotice } from './authority-dashboard';
import { ComplaintSearch, NoMatch, searchFromParams } from './complaint-search';
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
import { incidentParam, pageFromParams, toParams } from './list-params';
import type { TReplyPickerSlot } from './reply-slot';

// The Update dialog's form brings zod, react-hook-form and the contract's schema: the list loads
// without them, and the dialog's code comes when an Update button is neared, focused or pressed.
const loadUpdateDialog = () => import('./update-complaint-dialog');
const UpdateComplaintDialog = lazyWithRetry(() =>
  loadUpdateDialog().then((m) => ({ default: m.UpdateComplaintDialog })),
);
// ahead of the click, quietly: a failed fetch here is the click's to report
const preloadUpdateDialog = () => void loadUpdateDialog().catch(() => undefined);

/**
 * Four columns and the actions, so that every row's Update is on screen from 1,024 px up (issue 33:
 * seven columns made a 1,291 px table in a 1,196 px box, Update cut off): the token with its filing
 * day, the problem with its place and description, the student, the status.
 */
function manageColumns(): TComplaintColumn[] {
  return [
    {
      header: 'Complaint',
      cell: (c) => (
        <>
          <span className="font-mono whitespace-nowrap">
            <Highlighted text={c.token} />
          </span>
          <span className="mt-0.5 block text-xs whitespace-nowrap text-slate-500">
            <FiledOn iso={c.createdAt} />
          </span>
        </>
      ),
    },
    {
      header: 'Problem',
      cell: (c) => (
        <>
          <span className="font-medium">
            <Highlighted text={c.subType} />
          </span>
          <span className="text-slate-600"> · {placeOf(c)}</span>
          <span
            className="mt-0.5 block max-w-[16rem] truncate text-xs text-slate-500 xl:max-w-xs"
            title={c.description}
          >
            <Highlighted text={c.description} />
          </span>
          <IncidentLink complaint={c} />
        </>
      ),
    },
    columns.student,
    // CONTRACT 7.5: every row's assignee, under its status: a column of its own pushed Update off
    // the screen at 1,280 px (issue 33's four columns)
    {
      header: 'Status',
      cell: (c) => (
        <>
          {columns.status.cell(c)}
          <span
            className={`mt-1 block max-w-[10rem] text-xs break-words ${c.assignee ? 'text-slate-700' : 'text-slate-500'}`}
          >
            {c.assignee ? `Assignee: ${assigneeText(c)}` : 'Unassigned'}
          </span>
        </>
      ),
    },
  ];
}

/** View the complaint, or Update it in the dialog. */
function manageActions(onUpdate: (c: TComplaint) => void) {
  return (c: TComplaint) => (
    <div className="flex items-center gap-2">
      <ViewLink token={c.token} />
      <Button
        variant="secondary"
        aria-label={`Update ${c.token}`}
        onPointerEnter={preloadUpdateDialog}
        onFocus={preloadUpdateDialog}
        onClick={() => onUpdate(c)}
      >
        Update
      </Button>
    </div>
  );
}

/** What the app adds to pick complaints of the list (the incidents feature's Declare: issue 51). */
export interface TComplaintPicker {
  picked: (c: TComplaint) => boolean;
  onPick: (c: TComplaint, on: boolean) => void;
  /** under the list: what to do with the picked ones */
  bar: ReactNode;
}

/** A row's or card's checkbox, named after its token, a 44-pixel target. */
function PickBox({ complaint: c, picker }: { complaint: TComplaint; picker: TComplaintPicker }) {
  return (
    <label className="inline-flex min-h-11 min-w-11 items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        aria-label={`Select ${c.token}`}
        className="size-5 rounded border-slate-300 accent-brand-700"
        checked={picker.picked(c)}
        onChange={(e) => picker.onPick(c, e.target.checked)}
      />
      <span className="sm:sr-only">Select</span>
    </label>
  );
}

/** What a card adds for an authority: who filed it, and the start of the description. */
const manageDetails = (c: TComplaint) => (
  <>
    <p className="mt-1 line-clamp-3 text-sm break-words text-slate-700">
      <Highlighted text={c.description} />
    </p>
    <p className="mt-1 text-xs text-slate-600">
      <Highlighted text={c.student.name} />
      {c.student.rollNo && (
        <>
          {' ('}
          <Highlighted text={c.student.rollNo} />)
        </>
      )}
    </p>
    <p className="mt-1 text-xs text-slate-600">
      <span className="font-medium">Assignee:</span> {assigneeText(c)}
    </p>
  </>
);

/** `?assignee=me|none` (CONTRACT 7.5), or '' for anyone. */
type TAssigneeFilter = '' | 'me' | 'none';
const ASSIGNEE_OPTIONS = [
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Unassigned' },
];
function assigneeParam(params: URLSearchParams): TAssigneeFilter {
  const raw = params.get('assignee');
  return raw === 'me' || raw === 'none' ? raw : '';
}

/** Reads the filters from the query string: ?status=&overdue=true&q=&assignee=&page=&before= */
function filtersFromParams(params: URLSearchParams) {
  const status = params.get('status') ?? '';
  return {
    status: (COMPLAINT_STATUSES as readonly string[]).includes(status) ? (status as TComplaintStatus) : '',
    overdue: params.get('overdue') === 'true',
    q: searchFromParams(params),
    incident: incidentParam(params),
    assignee: assigneeParam(params),
    ...pageFromParams(params),
  } as const;
}

/** The authority's complaints in scope, filtered by status and overdue; the URL holds the filters. */
export function ManageComplaints({
  user,
  picker,
  replyPicker,
}: {
  user: TUser;
  picker?: TComplaintPicker;
  /** saved replies in the update dialog (CONTRACT 7.5), composed by src/app/routes */
  replyPicker?: TReplyPickerSlot;
}) {
  const title = manageComplaintsHeading(user);
  useDocumentTitle(`${title} · Manage Complaints`);
  const [searchParams, setSearchParams] = useSearchParams();
  const { status, overdue, q, incident, assignee, page, before } = filtersFromParams(searchParams);
  const [editing, setEditing] = useState<TComplaint | null>(null);
  // the dialog is mounted from its first opening on, as it always was before its code was split off
  const [dialogUsed, setDialogUsed] = useState(false);
  const edit = (c: TComplaint) => {
    setDialogUsed(true);
    setEditing(c);
  };
  const cursors = usePageCursors(`${status}|${overdue}|${q}|${incident ?? ''}|${assignee}`);
  // a page opened from a link (or the back button) carries its start in the URL
  cursors.know(page, before);
  const query = useAuthorityComplaints(
    {
      page,
      status,
      overdue,
      q,
      incident: incident ? Number(incident) : undefined,
      assignee,
      before: cursors.before(page),
    },
    user.approved,
  );
  useErrorToast(query.error, () => MSG.fetchComplaintsFailed);
  const list = query.data;

  // a changed filter starts again from the first page
  const filterBy = (next: {
    status: TComplaintStatus | '';
    overdue: boolean;
    q: string;
    assignee?: TAssigneeFilter;
  }) => setSearchParams(toParams({ assignee, ...next, incident }));
  const onSearch = (text: string) => filterBy({ status, overdue, q: text });

  return (
    // the width of the navigation's and every other list's (issue 51 row 24: not centred like the rest)
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {!user.approved ? (
        <ApprovalNotice />
      ) : (
        <Card className="mt-6">
          <ComplaintSearch value={q} onSearch={onSearch} />
          <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
            <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
              <SelectField
                label="Filter by status"
                className="w-full sm:w-56"
                value={status}
                onChange={(e) => filterBy({ status: e.target.value as TComplaintStatus | '', overdue, q })}
                placeholder="All"
                options={COMPLAINT_STATUSES}
              />
              <SelectField
                label="Assignee"
                className="w-full sm:w-48"
                value={assignee}
                onChange={(e) =>
                  filterBy({ status, overdue, q, assignee: e.target.value as TAssigneeFilter })
                }
                placeholder="Anyone"
                options={ASSIGNEE_OPTIONS}
              />
              <ToggleButton pressed={overdue} onPressedChange={(on) => filterBy({ status, overdue: on, q })}>
                Overdue
              </ToggleButton>
            </div>
            <CountLine list={list} />
          </div>
          {incident && (
            <IncidentFilterNote
              incident={incident}
              onClear={() => setSearchParams(toParams({ status, overdue, assignee }))}
            />
          )}

          <ComplaintTable
            cardHeading="h2"
            query={query}
            label={title}
            search={q}
            emptyText={
              q ? (
                <NoMatch q={q} onClear={() => onSearch('')} />
              ) : overdue ? (
                'No overdue complaints.'
              ) : assignee === 'me' ? (
                'No complaints are assigned to you.'
              ) : (
                'No complaints found.'
              )
            }
            failedText={MSG.fetchComplaintsFailed}
            columns={
              picker
                ? [
                    {
                      header: 'Select',
                      hiddenHeader: true,
                      // the 44-pixel target is the cell's width: no padding after it (1024 px, laptop-lists.spec.ts)
                      className: 'px-1!',
                      cell: (c) => <PickBox complaint={c} picker={picker} />,
                    },
                    ...manageColumns(),
                  ]
                : manageColumns()
            }
            actions={manageActions(edit)}
            details={
              picker
                ? (c) => (
                    <>
                      {manageDetails(c)}
                      <PickBox complaint={c} picker={picker} />
                    </>
                  )
                : manageDetails
            }
            onPageChange={(to) =>
              setSearchParams(
                toParams({
                  status,
                  overdue,
                  q,
                  incident,
                  assignee,
                  page: to,
                  before: cursors.move(list, to),
                }),
              )
            }
          />
          {picker?.bar}
        </Card>
      )}
      {dialogUsed && (
        // the dialog shows over the list once its code is there; nothing moves meanwhile
        <Suspense fallback={null}>
          <UpdateComplaintDialog
            complaint={editing}
            onClose={() => setEditing(null)}
            replyPicker={replyPicker}
          />
        </Suspense>
      )}
    </section>
  );
}
