import { COMPLAINT_STATUSES, MSG, REMARKS_MAX, type TComplaint, type TComplaintStatus } from '@bit/contract';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form-field';
import { useUpdateComplaint } from '../api/complaints-api';
import { TextAreaField } from './textarea-field';

/**
 * The Update modal: any of the four statuses and remarks. Headless UI keeps focus inside, closes on
 * Escape and gives focus back to the button that opened it.
 */
export function UpdateComplaintDialog({
  complaint,
  onClose,
}: {
  complaint: TComplaint | null;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<TComplaintStatus>('Pending');
  const [remarks, setRemarks] = useState('');
  const mutation = useUpdateComplaint();

  useEffect(() => {
    if (complaint) {
      setStatus(complaint.status);
      setRemarks(complaint.remarks ?? '');
    }
  }, [complaint]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complaint) return;
    try {
      await mutation.mutateAsync({ id: complaint.id, body: { status, remarks } });
      toast.success(MSG.statusUpdated);
      onClose();
    } catch {
      toast.error(MSG.updateFailed);
    }
  }

  return (
    <Dialog
      open={complaint !== null}
      onClose={() => !mutation.isPending && onClose()}
      className="fixed inset-0 z-50"
    >
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-brand-900">Update Complaint</DialogTitle>
          {complaint && (
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-mono">{complaint.token}</span> · {complaint.type} · {complaint.subType}
            </p>
          )}
          <form onSubmit={onSubmit} className="mt-4 space-y-4">
            <SelectField
              label="Status"
              // Headless UI puts focus here when the dialog opens
              data-autofocus
              value={status}
              onChange={(e) => setStatus(e.target.value as TComplaintStatus)}
            >
              {COMPLAINT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label="Remarks"
              value={remarks}
              maxLength={REMARKS_MAX}
              rows={4}
              onChange={(e) => setRemarks(e.target.value)}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={mutation.isPending}>
                {mutation.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
