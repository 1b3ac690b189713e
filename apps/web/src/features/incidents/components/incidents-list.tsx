import { COMPLAINT_STATUSES, MSG_INCIDENT, type TComplaintStatus } from '@bit/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { incidentPath } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIncidents } from '../api/get-incidents';
import { NewIncidentForm } from './declare-form';
import { incidentPlace } from './place';

const FAILED = 'Could not load the incidents';

/**
 * The incidents in scope (an admin's: all), newest first, filtered by status; the URL holds the filter.
 * `declare`: who may declare one here (an approved authority, an admin), with a warden's hostel.
 */
export function IncidentsList({ declare }: { declare?: { admin: boolean; hostelNo: number | null } }) {
  useDocumentTitle('Incidents');
  const [declaring, setDeclaring] = useState(false);
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = (COMPLAINT_STATUSES as readonly string[]).includes(raw) ? (raw as TComplaintStatus) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useIncidents({ page, status });
  const setFilter = (next: { status: string; page?: number }) => {
    const p = new URLSearchParams();
    if (next.status) p.set('status', next.status);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Incidents</h1>
        {declare && !declaring && (
          <Button onClick={() => setDeclaring(true)}>{MSG_INCIDENT.declareSelected}</Button>
        )}
      </div>
      {declare && declaring && (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-brand-900">{MSG_INCIDENT.declare}</h2>
          <NewIncidentForm
            admin={declare.admin}
            hostelNo={declare.hostelNo}
            onCancel={() => setDeclaring(false)}
          />
        </Card>
      )}
      <Card className="mt-6">
        <SelectField
          label="Filter by status"
          className="w-full sm:w-56"
          value={status}
          onChange={(e) => setFilter({ status: e.target.value })}
          placeholder="All"
          options={COMPLAINT_STATUSES}
        />
        <QueryState
          query={query}
          errorText={FAILED}
          isEmpty={(d) => d.data.length === 0}
          empty="No incidents."
          className="mt-4"
        >
          {(list) => (
            <>
              <ul className="mt-4 divide-y divide-slate-100">
                {list.data.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                    <span className="min-w-0">
                      <Link
                        to={incidentPath(i.id)}
                        className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                      >
                        {i.title}
                      </Link>
                      <span className="block text-xs text-slate-600">
                        {i.subType} in {incidentPlace(i)} · {i.affected} affected
                      </span>
                    </span>
                    <StatusBadge status={i.status} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={list.page}
                pageSize={list.pageSize}
                count={list.count}
                onPageChange={(to: number) => setFilter({ status, page: to })}
              />
            </>
          )}
        </QueryState>
      </Card>
    </section>
  );
}
