import { INCIDENT_TITLE_MAX, MSG_INCIDENT, type TIncidentGroup } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { incidentPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDeclareIncident } from '../api/declare-incident';
import { useIncidentGroups } from '../api/get-incident-groups';
import { incidentPlace } from './place';

const groupPlace = (g: TIncidentGroup) => (g.type === 'Hostel' ? `Hostel ${g.hostelNo}` : 'the College');

/** The declaration of one group: a title (prefilled), and its complaints preselected. */
function DeclareForm({ group, onCancel }: { group: TIncidentGroup; onCancel: () => void }) {
  const navigate = useNavigate();
  const declare = useDeclareIncident();
  const [title, setTitle] = useState(`${group.subType} problem in ${incidentPlace(group)}`);
  const [error, setError] = useState<string | undefined>();
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
        type: group.type,
        hostelNo: group.type === 'Hostel' ? group.hostelNo : null,
        subType: group.subType,
        complaintIds: group.complaintIds,
      } as Parameters<typeof declare.mutate>[0])
      .then(
        ({ data }) => {
          toast.success(MSG_INCIDENT.created);
          navigate(incidentPath(data.id));
        },
        (e) => toast.error(errorMessage(e, MSG_INCIDENT.complaintIdsMismatch)),
      );
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
      <p className="text-xs text-slate-600">{group.complaintIds.length} complaints will be linked.</p>
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

/**
 * The authority dashboard's "looks like one problem" (CONTRACT 6.1): 3 or more open, unlinked
 * complaints of one category and place from the last day, each offered as an incident to declare
 * with its complaints preselected. Nothing when there is no such group.
 */
export function IncidentGroups({ enabled = true }: { enabled?: boolean }) {
  const query = useIncidentGroups(enabled);
  const [open, setOpen] = useState<string | null>(null);
  const groups = query.data ?? [];
  if (groups.length === 0) return null;
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">Possible incidents</h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {groups.map((g) => {
          const key = `${g.type}|${g.hostelNo}|${g.subType}`;
          return (
            <li key={key} className="py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 break-words text-slate-900">
                  {MSG_INCIDENT.looksLikeOne(g.count, g.subType, groupPlace(g))}
                </p>
                {open !== key && (
                  <Button variant="secondary" onClick={() => setOpen(key)}>
                    {MSG_INCIDENT.declare}
                  </Button>
                )}
              </div>
              {open === key && <DeclareForm group={g} onCancel={() => setOpen(null)} />}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
