import { MSG_INCIDENT, type TIncidentGroup } from '@bit/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useIncidentGroups } from '../api/get-incident-groups';
import { useComplaintsOf } from '../api/get-link-candidates';
import { DeclareForm } from './declare-form';

const groupPlace = (g: TIncidentGroup) => (g.type === 'Hostel' ? `Hostel ${g.hostelNo}` : 'the College');

/** The declaration of one group: its complaints listed (read from the list), each preselected. */
function DeclareGroup({ group, onCancel }: { group: TIncidentGroup; onCancel: () => void }) {
  const complaints = useComplaintsOf(group.complaintIds, true);
  if (complaints.isPending) return <p className="mt-3 text-sm text-slate-600">Loading...</p>;
  const { listed, more } = complaints.data ?? { listed: [], more: group.complaintIds };
  return <DeclareForm kind={group} complaints={listed} more={more} onCancel={onCancel} />;
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
              {open === key && <DeclareGroup group={g} onCancel={() => setOpen(null)} />}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
