import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  HOSTEL_MAX,
  HOSTEL_MIN,
  HOSTEL_PROBLEMS,
  INCIDENT_TITLE_MAX,
  MSG_INCIDENT,
  type TComplaint,
  type TComplaintType,
  type TCreateIncidentRequest,
} from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button, SubmitButton } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { incidentPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { useDeclareIncident } from '../api/declare-incident';
import { useLinkCandidates } from '../api/get-link-candidates';
import { ComplaintPicks, togglePick } from './complaint-picks';
import type { TDeclareValues } from './declare-incident-schema';
import type { TIncidentKind } from './incident-kind';
import { incidentPlace } from './place';

export type { TIncidentKind } from './incident-kind';

/** Declared: its page opens (the incident's link, its update for all). */
function useDeclared() {
  const navigate = useNavigate();
  return ({ data }: { data: { id: number } }) => {
    toast.success(MSG_INCIDENT.created);
    navigate(incidentPath(data.id));
  };
}

/**
 * The declaration of complaints already known to be one problem (the dashboard's group, a selection in
 * the list): a title (prefilled) and the complaints it links, listed each with a checkbox so that one
 * can be left out (issue 51). `more`: ids of the group not among `complaints` (not on the list read).
 */
export function DeclareForm({
  kind,
  complaints,
  more = [],
  onCancel,
}: {
  kind: TIncidentKind;
  complaints: readonly TComplaint[];
  more?: readonly number[];
  onCancel: () => void;
}) {
  const declared = useDeclared();
  const declare = useDeclareIncident();
  const [title, setTitle] = useState(`${kind.subType} problem in ${incidentPlace(kind)}`);
  const [error, setError] = useState<string | undefined>();
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set(complaints.map((c) => c.id)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(MSG_INCIDENT.titleRequired);
    if (trimmed.length > INCIDENT_TITLE_MAX) return setError(MSG_INCIDENT.titleLong);
    // the promise, not mutate's callbacks: the groups are read again on success, and this group
    // (declared now) leaves the list, this form with it, before mutate's callbacks would run
    declare
      .mutateAsync({
        title: trimmed,
        type: kind.type,
        hostelNo: kind.type === 'Hostel' ? kind.hostelNo : null,
        subType: kind.subType,
        complaintIds: [...picked, ...more],
      } as TCreateIncidentRequest)
      .then(declared, (e) => toast.error(errorMessage(e, MSG_INCIDENT.complaintIdsMismatch)));
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
      <TextField
        label="Incident title"
        maxLength={INCIDENT_TITLE_MAX}
        value={title}
        error={error}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(undefined);
        }}
      />
      {complaints.length > 0 && (
        <ComplaintPicks
          label={MSG_INCIDENT.toLink}
          complaints={complaints}
          picked={picked}
          onPick={(id, on) => setPicked((p) => togglePick(p, id, on))}
        />
      )}
      {more.length > 0 && (
        <p className="text-xs text-slate-600">
          and {more.length} more {more.length === 1 ? 'complaint' : 'complaints'} of the group
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={declare.isPending} pendingText="Declaring...">
          {MSG_INCIDENT.declare}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const loadSchema = () => import('./declare-incident-schema').then((m) => m.declareIncidentSchema);

const HOSTELS = Array.from({ length: HOSTEL_MAX - HOSTEL_MIN + 1 }, (_, i) => String(HOSTEL_MIN + i));

/**
 * The Incidents page's Declare (issue 51): a title, the type, hostel and category, and then, to link
 * at once, the caller's complaints of that category and place that are in no incident.
 */
export function NewIncidentForm({
  admin,
  hostelNo,
  onCancel,
}: {
  admin: boolean;
  /** a warden's hostel, chosen for them */
  hostelNo: number | null;
  onCancel: () => void;
}) {
  const declared = useDeclared();
  const declare = useDeclareIncident();
  const form = useSchemaForm(loadSchema, {
    defaultValues: {
      title: '',
      type: 'Hostel',
      hostelNo: hostelNo === null ? '' : String(hostelNo),
      subType: '',
    } satisfies TDeclareValues,
  });
  const { type, hostelNo: hostel, subType } = form.values;
  const isHostel = type === 'Hostel';
  const kind = {
    id: 0,
    type: (isHostel ? 'Hostel' : 'College') as TComplaintType,
    hostelNo: isHostel && hostel ? Number(hostel) : null,
    subType,
  };
  const ready = subType !== '' && (!isHostel || hostel !== '');
  const candidates = useLinkCandidates(kind, '', admin, ready);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const onValid = (body: TCreateIncidentRequest) =>
    declare.mutateAsync({ ...body, complaintIds: [...picked] } as TCreateIncidentRequest).then(
      declared,
      form.refused((e) => errorMessage(e, MSG_INCIDENT.complaintIdsMismatch)),
    );
  const shown = ready ? (candidates.data ?? []) : [];
  return (
    <form
      ref={form.ref}
      noValidate
      onSubmit={form.submit(onValid)}
      aria-label={MSG_INCIDENT.declare}
      className="mt-4 space-y-3"
    >
      <TextField label="Incident title" maxLength={INCIDENT_TITLE_MAX} {...form.field('title')} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Type" options={COMPLAINT_TYPES} {...form.field('type')} />
        {isHostel && (
          <SelectField
            label="Hostel number"
            placeholder="Choose"
            options={HOSTELS}
            {...form.field('hostelNo')}
          />
        )}
        <SelectField
          label={isHostel ? 'Problem type' : 'Department'}
          placeholder="Choose"
          options={isHostel ? HOSTEL_PROBLEMS : COLLEGE_DEPARTMENTS}
          {...form.field('subType')}
        />
      </div>
      {shown.length > 0 && (
        <ComplaintPicks
          label={MSG_INCIDENT.toLink}
          complaints={shown}
          picked={picked}
          onPick={(id, on) => setPicked((p) => togglePick(p, id, on))}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={declare.isPending} pendingText="Declaring...">
          {MSG_INCIDENT.declareSelected}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The Declare incident dialog of the manage list's selection, loaded with this form on the first press
 * (declare-selection.tsx): the manage list itself holds no form code (scripts/size-check.mjs).
 */
export function DeclareDialog({
  kind,
  complaints,
  onClose,
}: {
  kind: TIncidentKind;
  complaints: readonly TComplaint[];
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={MSG_INCIDENT.declare}>
      <DeclareForm kind={kind} complaints={complaints} onCancel={onClose} />
    </Modal>
  );
}
