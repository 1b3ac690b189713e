import { MSG_INCIDENT, type TComplaint } from '@bit/contract';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { kindOf } from './incident-kind';

// the dialog and its form (react-hook-form, the form's schema) load on the first press of Declare
// incident, not with the manage list (scripts/size-check.mjs: a screen that shows no form at once
// loads neither); the dialog opens once its code is there, focus on its first field
const loadDeclareDialog = () => import('./declare-form');
const DeclareDialog = lazyWithRetry(() => loadDeclareDialog().then((m) => ({ default: m.DeclareDialog })));
// ahead of the press (pointer over it, focus on it), quietly: a failed fetch here is the press's to report
const preloadDeclareDialog = () => void loadDeclareDialog().catch(() => undefined);

/**
 * The manage list's selection as one incident (issue 51): a bar held at the foot of the screen while
 * complaints are selected, "3 selected", Declare incident (the form in a dialog, the selection listed
 * and preselected) and Clear. Complaints of more than one category and place say why they cannot be.
 */
export function DeclareSelection({
  complaints,
  onClear,
}: {
  complaints: readonly TComplaint[];
  onClear: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (complaints.length === 0) return null;
  const kind = kindOf(complaints);
  const linked = complaints.some((c) => c.incident);
  return (
    <section
      aria-label="Selected complaints"
      className="sticky bottom-0 z-10 -mx-4 mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_6px_rgba(15,23,42,0.08)] sm:mx-0 sm:rounded-lg sm:border"
    >
      <p className="text-sm font-medium text-slate-900">{MSG_INCIDENT.selected(complaints.length)}</p>
      {kind && !linked ? (
        <Button
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDeclareDialog}
          onFocus={preloadDeclareDialog}
        >
          {MSG_INCIDENT.declareSelected}
        </Button>
      ) : (
        <p className="min-w-0 flex-1 text-xs text-slate-600">
          {linked ? MSG_INCIDENT.alreadyLinked : MSG_INCIDENT.mixedSelection}
        </p>
      )}
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
      {kind && open && (
        <Suspense fallback={null}>
          <DeclareDialog kind={kind} complaints={complaints} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
