import {
  COMPLAINT_STATUSES,
  complaintStatusPath,
  isOpen,
  MSG_INCIDENT,
  REMARKS_MAX,
  type TIncidentWithComplaints,
  type TUpdateIncidentRequest,
} from '@bit/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { SelectField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { useIncident } from '../api/get-incident';
import { useOpenLinkedCount } from '../api/get-link-candidates';
import { useUnlinkComplaint } from '../api/link-complaints';
import { useUpdateIncident } from '../api/update-incident';
import { LinkComplaints } from './link-complaints';
import { incidentPlace } from './place';

const FAILED = 'Could not load the incident';
const UPDATE_FAILED = 'Could not update the incident';

const loadSchema = () => import('./update-incident-schema').then((m) => m.updateIncidentSchema);

/**
 * How many linked complaints "Update all" changes (the open ones): counted on the page when it lists
 * them all, else by the server (the page lists the first 100).
 */
function useOpenCount(incident: TIncidentWithComplaints) {
  const complete = incident.complaints.length >= incident.affected;
  const counted = useOpenLinkedCount(incident.id, !complete);
  if (complete) return incident.complaints.filter((c) => isOpen(c.status)).length;
  return counted.data;
}

/**
 * One update for all: the incident's status and remarks, and so every linked open complaint's. It asks
 * first, with the count and the status (issue 51: one click had set 37 complaints Resolved).
 */
function UpdateForm({ incident }: { incident: TIncidentWithComplaints }) {
  const update = useUpdateIncident();
  const open = useOpenCount(incident);
  const form = useSchemaForm(loadSchema, { defaultValues: { status: incident.status, remarks: '' } });
  const [asked, setAsked] = useState<TUpdateIncidentRequest | null>(null);
  const confirm = () => {
    if (!asked) return;
    const count = open ?? 0;
    // the promise, not mutate's callbacks: the form is made anew for the updated incident
    update
      .mutateAsync({
        id: incident.id,
        body: { ...asked, remarks: asked.remarks?.trim() ? asked.remarks : null },
      })
      .then(
        () => {
          setAsked(null);
          toast.success(MSG_INCIDENT.updatedCount(count));
        },
        (e) => {
          setAsked(null);
          form.refused((error) => errorMessage(error, UPDATE_FAILED))(e);
        },
      );
  };
  return (
    <form
      ref={form.ref}
      noValidate
      onSubmit={form.submit((values) => setAsked(values))}
      className="mt-4 space-y-4"
      aria-label="Update all"
    >
      <SelectField label="Status for all" options={COMPLAINT_STATUSES} {...form.field('status')} />
      <TextAreaField label="Remarks" maxLength={REMARKS_MAX} rows={3} {...form.field('remarks')} />
      <p className="text-xs text-slate-600">{MSG_INCIDENT.updateHelp}</p>
      <SubmitButton
        pending={update.isPending}
        pendingText="Updating..."
        disabled={open === undefined}
        className="w-full sm:w-auto"
      >
        Update all
      </SubmitButton>
      <Modal
        open={asked !== null}
        onClose={() => !update.isPending && setAsked(null)}
        title={asked ? MSG_INCIDENT.updateConfirm(open ?? 0, asked.status) : ''}
        description={MSG_INCIDENT.updateHelp}
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={update.isPending} onClick={() => setAsked(null)}>
            Cancel
          </Button>
          <Button data-autofocus disabled={update.isPending} onClick={confirm}>
            {update.isPending ? 'Updating...' : `Mark ${asked?.status ?? ''}`}
          </Button>
        </div>
      </Modal>
    </form>
  );
}

/** The incident's complaints, each with Unlink for whoever may link (a wrong one taken out). */
function LinkedComplaints({ incident, canLink }: { incident: TIncidentWithComplaints; canLink: boolean }) {
  const unlink = useUnlinkComplaint();
  if (incident.complaints.length === 0)
    return <p className="mt-2 text-sm text-slate-600">No complaints are linked yet.</p>;
  return (
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
          <span className="flex items-center gap-2">
            <StatusBadge status={c.status} />
            {canLink && (
              <Button
                variant="ghost"
                aria-label={`${MSG_INCIDENT.unlink} ${c.token}`}
                disabled={unlink.isPending}
                onClick={() =>
                  unlink.mutateAsync({ id: incident.id, complaintId: c.id }).then(
                    () => toast.success(MSG_INCIDENT.unlinked),
                    (e) => toast.error(errorMessage(e, MSG_INCIDENT.notLinked)),
                  )
                }
              >
                {MSG_INCIDENT.unlink}
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * An incident's page (CONTRACT 6.1): what it is, where, how many it affects, its complaints (the
 * first 100, newest first) and, for an authority, one update for all of them; an approved authority
 * or an admin links more complaints and unlinks a wrong one.
 */
export function IncidentPage({
  id,
  canUpdate,
  canLink = canUpdate,
  admin = false,
}: {
  id: number;
  canUpdate: boolean;
  canLink?: boolean;
  /** an admin's candidates to link come from the admin's list */
  admin?: boolean;
}) {
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
              <LinkedComplaints incident={incident} canLink={canLink} />
              {canLink && <LinkComplaints incident={incident} admin={admin} />}
            </Card>
          </>
        )}
      </QueryState>
    </section>
  );
}
