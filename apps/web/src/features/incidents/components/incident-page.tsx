import {
  COMPLAINT_STATUSES,
  complaintStatusPath,
  MSG_INCIDENT,
  REMARKS_MAX,
  type TComplaintStatus,
  type TIncidentWithComplaints,
} from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { SelectField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { useIncident } from '../api/get-incident';
import { useUpdateIncident } from '../api/update-incident';
import { incidentPlace } from './place';

const FAILED = 'Could not load the incident';

/** One update for all: the incident's status and remarks, and so every linked open complaint's. */
function UpdateForm({ incident }: { incident: TIncidentWithComplaints }) {
  const update = useUpdateIncident();
  const [status, setStatus] = useState<TComplaintStatus>(incident.status);
  const [remarks, setRemarks] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // the promise, not mutate's callbacks: the form is made anew for the updated incident
    update.mutateAsync({ id: incident.id, body: { status, remarks: remarks.trim() ? remarks : null } }).then(
      () => toast.success(MSG_INCIDENT.updated),
      (e) => toast.error(errorMessage(e, 'Could not update the incident')),
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Update all">
      <SelectField
        label="Status for all"
        value={status}
        onChange={(e) => setStatus(e.target.value as TComplaintStatus)}
        options={COMPLAINT_STATUSES}
      />
      <TextAreaField
        label="Remarks"
        maxLength={REMARKS_MAX}
        rows={3}
        value={remarks}
        onChange={(e) => setRemarks(e.target.value)}
      />
      <p className="text-xs text-slate-600">
        Every linked complaint that is still open gets this status, and its student a mail.
      </p>
      <SubmitButton pending={update.isPending} pendingText="Updating..." className="w-full sm:w-auto">
        Update all
      </SubmitButton>
    </form>
  );
}

/**
 * An incident's page (CONTRACT 6.1): what it is, where, how many it affects, its complaints (the
 * first 100, newest first) and, for an authority, one update for all of them.
 */
export function IncidentPage({ id, canUpdate }: { id: number; canUpdate: boolean }) {
  const query = useIncident(id);
  useDocumentTitle(query.data ? `Incident: ${query.data.title}` : 'Incident');
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <QueryState query={query} errorText={FAILED}>
        {(incident) => (
          <>
            <h1 className="text-2xl font-bold break-words text-brand-900">{incident.title}</h1>
            <p className="mt-1 text-sm text-slate-600">
              {incident.subType} in {incidentPlace(incident)} · {incident.affected} affected · declared by{' '}
              {incident.createdBy.name} on <DateTime iso={incident.createdAt} dateOnly />
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StatusBadge status={incident.status} />
              {incident.remarks && (
                <span className="text-sm break-words text-slate-700">{incident.remarks}</span>
              )}
            </div>
            {canUpdate && (
              <Card className="mt-6">
                <h2 className="text-lg font-semibold text-brand-900">Update all</h2>
                <UpdateForm key={incident.updatedAt} incident={incident} />
              </Card>
            )}
            <Card className="mt-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold text-brand-900">Complaints</h2>
                <Link
                  to={`${canUpdate ? paths.manageComplaints : paths.viewComplaints}?incident=${incident.id}`}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  All in the complaint list
                </Link>
              </div>
              {incident.complaints.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No complaints are linked yet.</p>
              ) : (
                <ul aria-label="Linked complaints" className="mt-2 divide-y divide-slate-100">
                  {incident.complaints.map((c) => (
                    <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                      <span className="min-w-0">
                        <Link
                          to={complaintStatusPath(c.token)}
                          className="font-mono font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                        >
                          {c.token}
                        </Link>
                        <span className="block text-xs text-slate-600">
                          {c.student.name}
                          {c.roomNo ? ` · room ${c.roomNo}` : ''}
                        </span>
                      </span>
                      <StatusBadge status={c.status} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </QueryState>
    </section>
  );
}
