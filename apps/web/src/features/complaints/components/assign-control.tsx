import { MSG_ASSIGN, type TComplaint } from '@bit/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useAssignable, useAssignComplaint } from '../api/assign-complaint';

/** "Name (Designation)", or "Unassigned". */
export const assigneeText = (c: Pick<TComplaint, 'assignee'>) =>
  c.assignee
    ? c.assignee.designation
      ? `${c.assignee.name} (${c.assignee.designation})`
      : c.assignee.name
    : 'Unassigned';

/**
 * CONTRACT 7.5: who the complaint is assigned to, and the way to change it: type part of a name, pick
 * an approved authority from what matches (name and designation, nothing more), or clear it. The
 * assignment is saved at once, apart from the status form beside it.
 */
export function AssignControl({ complaint }: { complaint: TComplaint }) {
  const [q, setQ] = useState('');
  const [assignee, setAssignee] = useState(complaint.assignee ?? null);
  const [picking, setPicking] = useState(false);
  const assignable = useAssignable(q, picking);
  const assign = useAssignComplaint();
  const listId = useId();

  const save = (userId: number | null) =>
    assign.mutate(
      { id: complaint.id, userId },
      {
        onSuccess: (c) => {
          setAssignee(c.assignee ?? null);
          setPicking(false);
          setQ('');
          toast.success(userId === null ? MSG_ASSIGN.clearedDone : MSG_ASSIGN.assigned);
        },
        onError: (e) => toast.error(e instanceof Error && e.message ? e.message : MSG_ASSIGN.failed),
      },
    );

  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Assigned to</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm break-words text-slate-800" data-testid="assignee">
          {assigneeText({ assignee })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setPicking((on) => !on)} aria-expanded={picking}>
            {assignee ? 'Reassign' : 'Assign'}
          </Button>
          {assignee && (
            <Button variant="secondary" onClick={() => save(null)} disabled={assign.isPending}>
              Clear
            </Button>
          )}
        </div>
      </div>
      {picking && (
        <div className="mt-3">
          <TextField
            label="Find an authority by name"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
            aria-controls={listId}
          />
          <ul id={listId} aria-label="Authorities" className="mt-2 max-h-48 space-y-1 overflow-y-auto">
            {(assignable.data?.data ?? []).map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-3 text-left text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
                  disabled={assign.isPending}
                  onClick={() => save(a.id)}
                  aria-label={`Assign to ${a.name}`}
                >
                  <span className="font-medium break-words">{a.name}</span>
                  <span className="text-xs text-slate-600">{a.designation ?? ''}</span>
                </button>
              </li>
            ))}
            {assignable.data && assignable.data.data.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-600">No authority matches.</li>
            )}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
