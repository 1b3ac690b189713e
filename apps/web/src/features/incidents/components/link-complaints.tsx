import { MSG_INCIDENT, type TIncidentWithComplaints } from '@bit/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useLinkCandidates } from '../api/get-link-candidates';
import { useLinkComplaints } from '../api/link-complaints';
import { ComplaintPicks, togglePick } from './complaint-picks';

/**
 * "Link complaints" on an incident's page (issue 51): the caller's complaints of the incident's
 * category and place that are in no incident, newest first (or those a search finds: a word, a token,
 * a roll or room number), each with a checkbox; the checked ones are linked in one request.
 */
export function LinkComplaints({ incident, admin }: { incident: TIncidentWithComplaints; admin: boolean }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const candidates = useLinkCandidates(incident, q, admin, open);
  const link = useLinkComplaints();
  if (!open)
    return (
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        {MSG_INCIDENT.link}
      </Button>
    );
  const shown = candidates.data ?? [];
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  const onLink = () => {
    if (picked.size === 0) return setError(MSG_INCIDENT.noneToLink);
    link.mutateAsync({ id: incident.id, complaintIds: [...picked] }).then(
      () => {
        toast.success(MSG_INCIDENT.linkedCount(picked.size));
        setPicked(new Set());
        setOpen(false);
      },
      (e) => setError(errorMessage(e, MSG_INCIDENT.complaintIdsMismatch)),
    );
  };
  return (
    <section aria-label={MSG_INCIDENT.link} className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h3 className="text-base font-semibold text-brand-900">{MSG_INCIDENT.link}</h3>
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
        <TextField
          label="Find complaints"
          hint={`${incident.subType} in the incident's place, in no incident`}
          placeholder="Word, token or room"
          className="min-w-0 flex-1"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {candidates.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : candidates.isError ? (
        <p className="text-sm text-status-other">Could not load the complaints</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">No complaints to link{q ? ` match “${q}”` : ''}.</p>
      ) : (
        <ComplaintPicks
          label={MSG_INCIDENT.toLink}
          complaints={shown}
          picked={picked}
          onPick={(id, on) => {
            setError(undefined);
            setPicked((p) => togglePick(p, id, on));
          }}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-status-other">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={link.isPending} onClick={onLink}>
          {link.isPending
            ? 'Linking...'
            : picked.size > 0
              ? `${MSG_INCIDENT.link} (${picked.size})`
              : MSG_INCIDENT.link}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
