import {
  COMPLAINT_STATUSES,
  HOSTEL_DESIGNATIONS,
  MSG,
  type TComplaint,
  type TComplaintStatus,
  type TUser,
} from '@bit/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { useAuthorityComplaints } from '../api/get-authority-complaints';
import { ApprovalNotice } from './authority-dashboard';
import { ComplaintTable, columns, type TComplaintColumn, ViewLink } from './complaint-table';
import { UpdateComplaintDialog } from './update-complaint-dialog';

/** SPEC §6: hostel clerks and wardens see "Hostel {n} Complaints", everyone else "All Complaints". */
export function manageTitle(user: TUser) {
  return user.designation && HOSTEL_DESIGNATIONS.includes(user.designation) && user.hostelNo !== null
    ? `Hostel ${user.hostelNo} Complaints`
    : 'All Complaints';
}

function manageColumns(onUpdate: (c: TComplaint) => void): TComplaintColumn[] {
  return [
    columns.token,
    { header: 'Type', cell: (c) => c.type },
    {
      header: 'Hostel / Room',
      className: 'whitespace-nowrap',
      cell: (c) => (c.hostelNo !== null ? `Hostel ${c.hostelNo} / ${c.roomNo ?? '—'}` : '—'),
    },
    {
      header: 'Problem',
      cell: (c) => (
        <>
          <span className="font-medium">{c.subType}</span>
          <span className="mt-0.5 block max-w-xs truncate text-xs text-slate-500" title={c.description}>
            {c.description}
          </span>
        </>
      ),
    },
    columns.student,
    columns.status,
    columns.date,
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (c) => (
        <div className="flex items-center gap-2">
          <ViewLink token={c.token} />
          <Button variant="secondary" aria-label={`Update ${c.token}`} onClick={() => onUpdate(c)}>
            Update
          </Button>
        </div>
      ),
    },
  ];
}

export function ManageComplaints({ user }: { user: TUser }) {
  const title = manageTitle(user);
  useDocumentTitle(`${title} · Manage Complaints`);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TComplaintStatus | ''>('');
  const [editing, setEditing] = useState<TComplaint | null>(null);
  const cursors = usePageCursors(status);
  const query = useAuthorityComplaints({ page, status, before: cursors.before(page) }, user.approved);
  useErrorToast(query.error, () => MSG.fetchComplaintsFailed);
  const list = query.data;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {!user.approved ? (
        <ApprovalNotice />
      ) : (
        <Card className="mt-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SelectField
              label="Filter by status"
              className="w-full sm:w-56"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as TComplaintStatus | '');
                setPage(1);
              }}
              placeholder="All"
              options={COMPLAINT_STATUSES}
            />
            {list && <p className="text-sm text-slate-600">{list.count} complaints</p>}
          </div>

          <ComplaintTable
            query={query}
            label={title}
            emptyText="No complaints found."
            failedText={MSG.fetchComplaintsFailed}
            columns={manageColumns(setEditing)}
            onPageChange={(to) => {
              cursors.move(list, to);
              setPage(to);
            }}
          />
        </Card>
      )}
      <UpdateComplaintDialog complaint={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
