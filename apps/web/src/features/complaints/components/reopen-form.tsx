import {
  CONVERSATION_OPEN_DAYS,
  MSG_CONVERSATION,
  REOPEN_REASON_MAX,
  type TComplaint,
  type TReopenRequest,
  ZReopenRequest,
} from '@bit/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useReopenComplaint } from '../api/reopen-complaint';

const REOPEN_FAILED = 'Failed to reopen the complaint';

type TValues = { reason: string };

const schema = formSchema<TValues, TReopenRequest>(ZReopenRequest);

/** The reason for reopening, in a dialog; loaded by `Reopen` (reopen-dialog.tsx) when first opened. */
export function ReopenDialog({
  complaint,
  open,
  onClose,
}: {
  complaint: Pick<TComplaint, 'id' | 'token'>;
  open: boolean;
  onClose: () => void;
}) {
  const form = useSchemaForm(schema, { defaultValues: { reason: '' } });
  const reopen = useReopenComplaint();
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    if (reopen.isPending) return;
    setRefusal(null);
    onClose();
  };

  const onValid = (body: TReopenRequest) => {
    setRefusal(null);
    reopen.mutate(
      { id: complaint.id, body },
      {
        onSuccess: (res) => {
          toast.success(res.message || MSG_CONVERSATION.reopened);
          form.reset({ reason: '' });
          onClose();
        },
        // the server may know what the page does not (feedback given): its word stays in the dialog
        onError: (error) => setRefusal(errorMessage(error, REOPEN_FAILED)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={
        <>
          Reopen complaint <span className="font-mono whitespace-nowrap">{complaint.token}</span>
        </>
      }
      description={
        <>
          Say what is still wrong: the complaint goes back to Pending and the authorities are told. A
          complaint can be reopened twice, within {CONVERSATION_OPEN_DAYS} days of being resolved or rejected,
          and not once you have rated it.
        </>
      }
    >
      <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="mt-4 space-y-4">
        <TextAreaField
          label="Reason"
          maxLength={REOPEN_REASON_MAX}
          rows={4}
          data-autofocus
          {...form.field('reason')}
        />
        {refusal && (
          <p
            role="alert"
            className="rounded-lg border border-status-other/30 bg-status-other-bg p-3 text-sm text-status-other"
          >
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={reopen.isPending}>
            Cancel
          </Button>
          <SubmitButton pending={reopen.isPending} pendingText="Reopening...">
            Reopen complaint
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
