import { complaintStatusPath, PAGE_SIZE_DEFAULT, type TComplaint, type TComplaintPage } from '@bit/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDate } from './format';
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

/** Columns more than one list shows. */
export const columns = {
  token: { header: 'Token', className: 'font-mono whitespace-nowrap', cell: (c) => c.token },
  status: {
    header: 'Status',
    cell: (c) => (
      <>
        <StatusBadge status={c.status} />
        <OverdueBadge complaint={c} className="mt-1" />
      </>
    ),
  },
  date: { header: 'Date', className: 'whitespace-nowrap', cell: (c) => formatDate(c.createdAt) },
  student: {
    header: 'Student',
    cell: (c) => (
      <>
        {c.student.name}
        {c.student.rollNo && <span className="block text-xs text-slate-500">{c.student.rollNo}</span>}
      </>
    ),
  },
} satisfies Record<string, TComplaintColumn>;

/**
 * The frame of every complaint list: the loading, empty and error states, the table in its own
 * scroll box (so a phone never scrolls the page sideways), and pagination.
 */
export function ComplaintTable({
  query,
  label,
  emptyText,
  failedText,
  columns: cols,
  onPageChange,
}: {
  query: { isPending: boolean; data: TComplaintPage | undefined };
  label: string;
  emptyText: string;
  failedText: string;
  columns: TComplaintColumn[];
  onPageChange: (page: number) => void;
}) {
  return (
    <QueryState
      query={query}
      errorText={failedText}
      isEmpty={(list) => list.data.length === 0}
      empty={emptyText}
      className="mt-4"
    >
      {(list) => (
        <>
          <TableScroll label={label}>
            <table className={tableClass}>
              <caption className="sr-only">{label}</caption>
              <thead className="bg-slate-50">
                <tr>
                  {cols.map((col) => (
                    <th key={col.header} scope="col" className={thClass}>
                      {col.hiddenHeader ? <span className="sr-only">{col.header}</span> : col.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {list.data.map((c) => (
                  <tr key={c.id}>
                    {cols.map((col) => (
                      <td
                        key={col.header}
                        className={col.className ? `${tdClass} ${col.className}` : tdClass}
                      >
                        {col.cell(c)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination
            page={list.page}
            pageSize={list.pageSize || PAGE_SIZE_DEFAULT}
            count={list.count}
            onPageChange={onPageChange}
          />
        </>
      )}
    </QueryState>
  );
}
