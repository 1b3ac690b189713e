import {
  COMPLAINT_STATUSES,
  MSG,
  REMARKS_MAX,
  type TComplaint,
  type TComplaintStatus,
  type TUpdateComplaintRequest,
  ZUpdateComplaintRequest,
} from '@bit/contract';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { Button, SubmitButton } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useUpdateComplaint } from '../api/update-complaint';
import { AssignControl } from './assign-control';
import { type TReplyPickerSlot, withReply } from './reply-slot';

type TValues = { status: TComplaintStatus; remarks: string };

const schema = formSchema<TValues, TUpdateComplaintRequest>(ZUpdateComplaintRequest);

/**
 * The Update modal: any of the four statuses and remarks. It keeps focus inside, closes on Escape and
 * gives focus back to the button that opened it (components/ui/modal.tsx). The remarks start empty:
 * the previous remark is in the complaint's history already, and sent again it would repeat there
 * and in the mails; an update without one keeps it as the complaint's remarks (the server's rule).
 */
export function UpdateComplaintDialog({
  complaint,
  onClose,
  replyPicker,
}: {
  complaint: TComplaint | null;
  onClose: () => void;
  /** saved replies to put in the remarks (CONTRACT 7.5) */
  replyPicker?: TReplyPickerSlot | undefined;
}) {
  const form = useSchemaForm(schema, { defaultValues: { status: 'Pending', remarks: '' } });
  const update = useUpdateComplaint();

  const { reset } = form;
  useEffect(() => {
    if (complaint) reset({ status: complaint.status, remarks: '' });
  }, [complaint, reset]);

  const onValid = (body: TUpdateComplaintRequest) => {
    if (!complaint) return;
    update.mutate(
      { id: complaint.id, body },
      {
        onSuccess: () => {
          toast.success(MSG.statusUpdated);
          onClose();
        },
        onError: form.refused(() => MSG.updateFailed),
      },
    );
  };

  return (
    <Modal open={complaint !== null} onClose={() => !update.isPending && onClose()} title="Update Complaint">
      {complaint && (
        <p className="mt-1 text-sm text-slate-600">
          <span className="font-mono">{complaint.token}</span> · {complaint.type} · {complaint.subType}
        </p>
      )}
      {/* CONTRACT 7.5: the assignee, saved on its own (keyed: a new complaint starts afresh) */}
      {complaint && (
        <div className="mt-4">
          <AssignControl key={complaint.id} complaint={complaint} />
        </div>
      )}
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="mt-4 space-y-4" noValidate>
        <SelectField
          label="Status"
          // focus starts here when the dialog opens
          data-autofocus
          {...form.field('status')}
          options={COMPLAINT_STATUSES}
        />
        {complaint &&
          replyPicker?.((text) => {
            form.setValue('remarks', withReply(form.getValues('remarks'), text), { shouldDirty: true });
            form.setFocus('remarks');
          }, complaint)}
        <TextAreaField label="Remarks" maxLength={REMARKS_MAX} rows={4} {...form.field('remarks')} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <SubmitButton pending={update.isPending} pendingText="Saving...">
            Save
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
