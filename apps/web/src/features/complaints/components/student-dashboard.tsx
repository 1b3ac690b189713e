import { MSG, PAGE_SIZE_DEFAULT, type TUser } from '@bit/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useStudentComplaints } from '../api/complaints-api';
import { formatDate, statusPath } from './format';
import { useErrorToast } from './use-error-toast';

export const tableClass = 'min-w-full divide-y divide-slate-200 text-left text-sm';
export const thClass = 'px-4 py-3 font-semibold whitespace-nowrap text-slate-700';
export const tdClass = 'px-4 py-3 align-top text-slate-800';

/** The student's home: welcome, File New Complaint, and their complaints page by page. */
export function StudentDashboard({ user }: { user: TUser }) {
  useDocumentTitle('Student Dashboard');
  const [page, setPage] = useState(1);
  const query = useStudentComplaints(page);
  useErrorToast(query.error, () => MSG.fetchYourComplaintsFailed);
  const list = query.data;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Welcome, {user.name}</h1>
          {user.rollNo && <p className="mt-1 text-sm text-slate-600">Roll number: {user.rollNo}</p>}
        </div>
        <LinkButton to={paths.fileComplaint}>File New Complaint</LinkButton>
      </div>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">My Complaints</h2>
        {query.isPending ? (
          <p role="status" className="mt-4 text-slate-600">
            {MSG.loading}
          </p>
        ) : !list || list.data.length === 0 ? (
          <p className="mt-4 text-slate-600">
            {query.isError ? MSG.fetchYourComplaintsFailed : 'You have not filed any complaints yet.'}
          </p>
        ) : (
          <>
            <TableScroll label="Your complaints">
              <table className={tableClass}>
                <caption className="sr-only">Your complaints</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      Token
                    </th>
                    <th scope="col" className={thClass}>
                      Type
                    </th>
                    <th scope="col" className={thClass}>
                      Problem
                    </th>
                    <th scope="col" className={thClass}>
                      Date
                    </th>
                    <th scope="col" className={thClass}>
                      Status
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
                      <td className={tdClass}>{c.subType}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{formatDate(c.createdAt)}</td>
                      <td className={tdClass}>
                        <StatusBadge status={c.status} />
                      </td>
                      <td className={tdClass}>
                        <Link
                          to={statusPath(c.token)}
                          aria-label={`View ${c.token}`}
                          className="inline-flex min-h-11 min-w-11 items-center justify-center font-medium text-brand-700 underline-offset-2 hover:underline"
                        >
                          View
                        </Link>
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
    </section>
  );
}
