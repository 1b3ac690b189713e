import {
  COMPLAINT_MESSAGE_MAX,
  MSG_CONVERSATION,
  type TComplaint,
  type TPostMessageRequest,
} from '@bit/contract';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { SubmitButton } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { usePostMessage } from '../api/post-message';
import { type TReplyPickerSlot, withReply } from './reply-slot';

const SEND_FAILED = 'Failed to send message';

const loadSchema = () => import('./message-schema').then((m) => m.messageSchema);

/**
 * What is being typed on each complaint (by token), in memory only: should the box be drawn afresh
 * while the page refreshes (the server out of reach for a moment shows the complaint read only, then
 * live again), the text comes back with it. Gone with the page, so nothing is kept on the device.
 */
const drafts = new Map<string, string>();

/**
 * Writes on the complaint. A refusal stays under the box until the next try: the closed complaint's
 * 409 or the hourly limit's 429 says more than a toast that goes away.
 */
export function MessageBox({
  complaint,
  replyPicker,
}: {
  complaint: Pick<TComplaint, 'id' | 'token'> & Partial<Pick<TComplaint, 'student'>>;
  /** saved replies to put in the message (CONTRACT 7.5) */
  replyPicker?: TReplyPickerSlot | undefined;
}) {
  const form = useSchemaForm(loadSchema, { defaultValues: { body: drafts.get(complaint.token) ?? '' } });
  const post = usePostMessage(complaint.token);
  const [refusal, setRefusal] = useState<string | null>(null);

  const draft = form.values.body;
  useEffect(() => {
    if (draft) drafts.set(complaint.token, draft);
    else drafts.delete(complaint.token);
  }, [complaint.token, draft]);

  const onValid = (body: TPostMessageRequest) => {
    setRefusal(null);
    post.mutate(
      { id: complaint.id, body },
      {
        onSuccess: (res) => {
          toast.success(res.message || MSG_CONVERSATION.messageSent);
          form.reset({ body: '' });
        },
        onError: (error) => setRefusal(errorMessage(error, SEND_FAILED)),
      },
    );
  };

  return (
    <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-3">
      {replyPicker?.((text) => {
        form.setValue('body', withReply(form.getValues('body'), text), { shouldDirty: true });
        form.setFocus('body');
      }, complaint)}
      <TextAreaField
        label="Your message"
        maxLength={COMPLAINT_MESSAGE_MAX}
        rows={4}
        {...form.field('body')}
      />
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-status-other/30 bg-status-other-bg p-3 text-sm text-status-other"
        >
          {refusal}
        </p>
      )}
      <SubmitButton pending={post.isPending} pendingText="Sending...">
        Send message
      </SubmitButton>
    </form>
  );
}
