import type { TComplaint } from '@bit/contract';
import { StatusBadge } from '../../../components/ui/status-badge';

/** Where a complaint is, in a pick list: its room, or nothing for the college. */
const roomOf = (c: TComplaint) => (c.roomNo ? ` · room ${c.roomNo}` : '');

/**
 * Complaints with a checkbox each (issue 51: the Declare form lists what it links, so one can be left
 * out; the incident's page picks more to link). Each label names the token, the student and the room.
 */
export function ComplaintPicks({
  complaints,
  picked,
  onPick,
  label,
}: {
  complaints: readonly TComplaint[];
  picked: ReadonlySet<number>;
  onPick: (id: number, on: boolean) => void;
  label: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <ul className="mt-1 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {complaints.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-2 px-3 py-1 text-sm">
            <label className="flex min-h-11 min-w-0 flex-1 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 rounded border-slate-300 accent-brand-700"
                checked={picked.has(c.id)}
                onChange={(e) => onPick(c.id, e.target.checked)}
              />
              <span className="min-w-0">
                <span className="font-mono font-medium break-all text-slate-900">{c.token}</span>
                <span className="line-clamp-2 block text-xs break-words text-slate-600">
                  {c.student.name}
                  {roomOf(c)}
                  {c.description ? ` · ${c.description}` : ''}
                </span>
              </span>
            </label>
            <StatusBadge status={c.status} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A set with one id added or taken out, for a pick list's state. */
export const togglePick = (set: ReadonlySet<number>, id: number, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};
