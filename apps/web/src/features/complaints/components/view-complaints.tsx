import { COMPLAINT_STATUSES, COMPLAINT_TYPES, HOSTEL_NUMBERS, MSG, PAGE_SIZE_DEFAULT } from '@bit/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { type TAdminFilters, useAdminComplaints } from '../api/complaints-api';
import { formatDate } from './format';
import { tableClass, tdClass, thClass } from './student-dashboard';
import { useErrorToast } from './use-error-toast';

type TFilterForm = Pick<TAdminFilters, 'hostelNo' | 'type' | 'status'>;
const EMPTY_FORM: TFilterForm = { hostelNo: '', type: '', status: '' };

/** Reads the filters from the query string: ?hostelNo=&type=&status=&page= */
export function filtersFromParams(params: URLSearchParams): TAdminFilters {
  const page = Number(params.get('page'));
  return {
    hostelNo: params.get('hostelNo') ?? '',
    type: params.get('type') ?? '',
    status: params.get('status') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function toParams(filters: Partial<TAdminFilters>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '' && value !== undefined && !(key === 'page' && value === 1))
      params.set(key, String(value));
  }
  return params;
}

/** Every complaint for the admin, filtered by hostel, type and status; the URL holds the filters. */
export function ViewComplaints() {
  useDocumentTitle('View Complaints');
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  const filters = useMemo(() => filtersFromParams(searchParams), [key]);
  const [form, setForm] = useState<TFilterForm>(filters);
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
    setSearchParams(toParams(form));
  }

  function onClear() {
    setForm(EMPTY_FORM);
    setSearchParams(new URLSearchParams());
  }

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">All Complaints</h1>
      <Card className="mt-6">
        <form
          onSubmit={onApply}
          aria-label="Filters"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        >
          <SelectField label="Hostel" value={form.hostelNo} onChange={(e) => set('hostelNo')(e.target.value)}>
            <option value="">All</option>
            {HOSTEL_NUMBERS.map((n) => (
              <option key={n} value={String(n)}>
                Hostel {n}
              </option>
            ))}
          </SelectField>
          <SelectField label="Type" value={form.type} onChange={(e) => set('type')(e.target.value)}>
            <option value="">All</option>
            {COMPLAINT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" value={form.status} onChange={(e) => set('status')(e.target.value)}>
            <option value="">All</option>
            {COMPLAINT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <div className="flex gap-3">
            <Button type="submit">Apply</Button>
            <Button variant="secondary" onClick={onClear}>
              Clear
            </Button>
          </div>
        </form>
      </Card>

      <Card className="mt-6">
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {list ? `${list.count} complaints` : ''}
        </p>
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
            <TableScroll label="Complaints">
              <table className={tableClass}>
                <caption className="sr-only">Complaints</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      Token
                    </th>
                    <th scope="col" className={thClass}>
                      Type
                    </th>
                    <th scope="col" className={thClass}>
                      Student
                    </th>
                    <th scope="col" className={thClass}>
                      Problem
                    </th>
                    <th scope="col" className={thClass}>
                      Assigned to
                    </th>
                    <th scope="col" className={thClass}>
                      Status
                    </th>
                    <th scope="col" className={thClass}>
                      Date
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {list.data.map((c) => (
                    <tr key={c.id}>
                      <td className={`${tdClass} font-mono whitespace-nowrap`}>{c.token}</td>
                      <td className={tdClass}>
                        {c.type}
                        {c.hostelNo !== null && (
                          <span className="block text-xs text-slate-500">
                            Hostel {c.hostelNo}
                            {c.roomNo ? `, room ${c.roomNo}` : ''}
                          </span>
                        )}
                      </td>
                      <td className={tdClass}>
                        {c.student.name}
                        {c.student.rollNo && (
                          <span className="block text-xs text-slate-500">{c.student.rollNo}</span>
                        )}
                      </td>
                      <td className={tdClass}>{c.subType}</td>
                      <td className={tdClass}>
                        {c.assignedTo ? (
                          <>
                            {c.assignedTo.name}
                            {c.assignedTo.designation && (
                              <span className="block text-xs text-slate-500">{c.assignedTo.designation}</span>
                            )}
                          </>
                        ) : (
                          'Not assigned'
                        )}
                      </td>
                      <td className={tdClass}>
                        <StatusBadge status={c.status} />
                      </td>
                      <td className={`${tdClass} whitespace-nowrap`}>{formatDate(c.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pagination
              page={list.page}
              pageSize={list.pageSize || PAGE_SIZE_DEFAULT}
              count={list.count}
              onPageChange={(page) => setSearchParams(toParams({ ...filters, page }))}
            />
          </>
        )}
      </Card>
    </section>
  );
}
