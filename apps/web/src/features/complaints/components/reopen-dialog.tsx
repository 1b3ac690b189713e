import type { TComplaint, THistoryEntry } from '@bit/contract';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { reopenCheck } from './conversation-rules';

// The dialog's form brings zod, react-hook-form and the contract's schema: the dashboard and the
// complaint's page load it when a student means to reopen, not with the list they show.
const loadReopenForm = () => import('./reopen-form');
const ReopenDialog = lazyWithRetry(() => loadReopenForm().then((m) => ({ default: m.ReopenDialog })));
// ahead of the click, quietly: a failed fetch here is the click's to report
const preloadReopenForm = () => void loadReopenForm().catch(() => undefined);

type TReopenable = Pick<TComplaint, 'id' | 'token' | 'status' | 'updatedAt' | 'reopenCount' | 'rating'> & {
  history?: readonly THistoryEntry[];
};

/**
 * The student's Reopen button and its small form in a dialog, where the rules allow it; otherwise the
 * reason it is not offered. Nothing for a complaint that is still open. `buttonLabel` names the
 * complaint where several stand together (the dashboard's rows); `className` places it and sizes the
 * reason's text.
 */
export function Reopen({
  complaint,
  buttonLabel,
  className = '',
}: {
  complaint: TReopenable;
  buttonLabel?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // once opened, the dialog stays mounted: a reason typed and cancelled is still there the next time
  const [used, setUsed] = useState(false);
  const check = reopenCheck(complaint);
  if (!check.reopenable) {
    return check.why ? <p className={`text-slate-600 ${className}`}>{check.why}</p> : null;
  }
  return (
    <div className={className}>
      <Button
        variant="secondary"
        aria-label={buttonLabel}
        // a pointer on its way or focus on the button: the dialog's code is usually there by the click
        onPointerEnter={preloadReopenForm}
        onFocus={preloadReopenForm}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Reopen
      </Button>
      {used && (
        // the dialog shows over the page once its code is there; nothing moves meanwhile
        <Suspense fallback={null}>
          <ReopenDialog complaint={complaint} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
