import {
  COMPLAINT_STATUSES,
  HOSTEL_DESIGNATIONS,
  MSG,
  PAGE_SIZE_DEFAULT,
  type TComplaint,
  type TComplaintStatus,
  type TUser,
} from '@bit/contract';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuthorityComplaints } from '../api/complaints-api';
import { ApprovalNotice } from './authority-dashboard';
import { formatDate } from './format';
import { tableClass, tdClass, thClass } from './student-dashboard';
import { UpdateComplaintDialog } from './update-complaint-dialog';
import { useErrorToast } from './use-error-toast';

/** SPEC §6: hostel clerks and wardens see "Hostel {n} Complaints", everyone else "All Complaints". */
export function manageTitle(user: TUser) {
  return user.designation && HOSTEL_DESIGNATIONS.includes(user.designation) && user.hostelNo !== null
    ? `Hostel ${user.hostelNo} Complaints`
    : 'All Complaints';
}

export function ManageComplaints({ user }: { user: TUser }) {
  const title = manageTitle(user);
  useDocumentTitle(`${title} · Manage Complaints`);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TComplaintStatus | ''>('');
  const [editing, setEditing] = useState<TComplaint | null>(null);
  const query = useAuthorityComplaints({ page, status }, user.approved);
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
            >
              <option value="">All</option>
              {COMPLAINT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            {list && <p className="text-sm text-slate-600">{list.count} complaints</p>}
          </div>

          {query.isPending ? (
            <p role="status" className="mt-4 text-slate-600">
              {MSG.loading}
            </p>
          ) : !list || list.data.length === 0 ? (
            <p className="mt-4 text-slate-600">
              {query.isError ? MSG.fetchComplaintsFailed : 'No complaints found.'}
            </p>
          ) : (
            <>
              <TableScroll label={title}>
                <table className={tableClass}>
                  <caption className="sr-only">{title}</caption>
                  <thead className="bg-slate-50">
                    <tr>
                      <th scope="col" className={thClass}>
                        Token
                      </th>
                      <th scope="col" className={thClass}>
                        Type
                      </th>
                      <th scope="col" className={thClass}>
                        Hostel / Room
                      </th>
                      <th scope="col" className={thClass}>
                        Problem
                      </th>
                      <th scope="col" className={thClass}>
                        Student
                      </th>
                      <th scope="col" className={thClass}>
                        Status
                      </th>
                      <th scope="col" className={thClass}>
                        Date
                      </th>
                      <th scope="col" className={thClass}>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 bg-white">
                    {list.data.map((c) => (
                      <tr key={c.id}>
                        <td className={`${tdClass} font-mono whitespace-nowrap`}>{c.token}</td>
                        <td className={tdClass}>{c.type}</td>
                        <td className={`${tdClass} whitespace-nowrap`}>
                          {c.hostelNo !== null ? `Hostel ${c.hostelNo} / ${c.roomNo ?? '—'}` : '—'}
                        </td>
                        <td className={tdClass}>
                          <span className="font-medium">{c.subType}</span>
                          <span
                            className="mt-0.5 block max-w-xs truncate text-xs text-slate-500"
                            title={c.description}
                          >
                            {c.description}
                          </span>
                        </td>
                        <td className={tdClass}>
                          {c.student.name}
                          {c.student.rollNo && (
                            <span className="block text-xs text-slate-500">{c.student.rollNo}</span>
                          )}
                        </td>
                        <td className={tdClass}>
                          <StatusBadge status={c.status} />
                        </td>
                        <td className={`${tdClass} whitespace-nowrap`}>{formatDate(c.createdAt)}</td>
                        <td className={tdClass}>
                          <Button
                            variant="secondary"
                            aria-label={`Update ${c.token}`}
                            onClick={() => setEditing(c)}
                          >
                            Update
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <Pagination
                page={list.page}
                pageSize={list.pageSize || PAGE_SIZE_DEFAULT}
                count={list.count}
                onPageChange={setPage}
              />
            </>
          )}
        </Card>
      )}
      <UpdateComplaintDialog complaint={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
