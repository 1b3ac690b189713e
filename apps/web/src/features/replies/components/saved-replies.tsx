import {
  MSG_REPLIES,
  REPLY_BODY_MAX,
  REPLY_TITLE_MAX,
  SAVED_REPLIES_MAX,
  type TSavedReply,
  type TSaveReplyRequest,
  ZSaveReplyRequest,
} from '@bit/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useAddReply } from '../api/add-reply';
import { useDeleteReply } from '../api/delete-reply';
import { useReplies } from '../api/get-replies';
import type { TReplyList } from '../api/keys';
import { useUpdateReply } from '../api/update-reply';

export const SAVED_REPLIES_HEADING = 'Saved replies';
export const SHARED_REPLIES_HEADING = 'Shared replies';

type TValues = { title: string; body: string };
const schema = formSchema<TValues, TSaveReplyRequest>(ZSaveReplyRequest);
const EMPTY: TValues = { title: '', body: '' };

/** The add or edit form: a new reply when `editing` is null. */
function ReplyForm({
  list,
  editing,
  onDone,
}: {
  list: TReplyList;
  editing: TSavedReply | null;
  onDone: () => void;
}) {
  const form = useSchemaForm(schema, {
    defaultValues: editing ? { title: editing.title, body: editing.body } : EMPTY,
  });
  const add = useAddReply(list);
  const update = useUpdateReply(list);
  const pending = add.isPending || update.isPending;

  const onValid = (body: TSaveReplyRequest) => {
    const done = {
      onSuccess: () => {
        toast.success(editing ? MSG_REPLIES.updated : MSG_REPLIES.added);
        form.reset(EMPTY);
        onDone();
      },
      onError: form.refused((error) => errorMessage(error, MSG_REPLIES.saveFailed)),
    };
    if (editing) update.mutate({ id: editing.id, body }, done);
    else add.mutate(body, done);
  };

  return (
    <form ref={form.ref} noValidate onSubmit={form.submit(onValid)} className="space-y-4">
      <TextField label="Title" maxLength={REPLY_TITLE_MAX} {...form.field('title')} />
      <TextAreaField label="Reply text" maxLength={REPLY_BODY_MAX} rows={5} {...form.field('body')} />
      <div className="flex flex-wrap justify-end gap-3">
        {editing && (
          <Button variant="secondary" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        )}
        <SubmitButton pending={pending} pendingText="Saving...">
          {editing ? 'Save changes' : 'Add reply'}
        </SubmitButton>
      </div>
    </form>
  );
}

function ReplyItem({
  reply,
  list,
  onEdit,
}: {
  reply: TSavedReply;
  list: TReplyList;
  onEdit: (reply: TSavedReply) => void;
}) {
  const remove = useDeleteReply(list);
  const [confirming, setConfirming] = useState(false);
  // an authority reads the shared replies here and keeps only their own
  const mine = list === 'admin' || !reply.shared;
  const onDelete = () =>
    remove.mutate(reply.id, {
      onSuccess: () => toast.success(MSG_REPLIES.deleted),
      onError: (error) => toast.error(errorMessage(error, MSG_REPLIES.deleteFailed)),
    });
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-slate-900">{reply.title}</h3>
        {reply.shared && list === 'me' && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            Shared by the administrators
          </span>
        )}
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">{reply.body}</p>
      {mine && (
        <div className="mt-3 flex flex-wrap gap-2">
          {confirming ? (
            <>
              <span className="self-center text-sm text-slate-700">Delete this reply?</span>
              <Button variant="secondary" onClick={onDelete} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                Keep
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => onEdit(reply)} aria-label={`Edit ${reply.title}`}>
                Edit
              </Button>
              <Button
                variant="ghost"
                onClick={() => setConfirming(true)}
                aria-label={`Delete ${reply.title}`}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * /saved-replies (CONTRACT 7.5): an authority keeps their own replies (at most 50) and reads the
 * shared ones; an admin keeps the shared ones, offered to every authority. The update dialog and the
 * message box offer them (reply-picker.tsx).
 */
export function SavedReplies({ list }: { list: TReplyList }) {
  const heading = list === 'admin' ? SHARED_REPLIES_HEADING : SAVED_REPLIES_HEADING;
  useDocumentTitle(heading);
  const query = useReplies(list);
  useErrorToast(query.error, (error) => errorMessage(error, MSG_REPLIES.fetchFailed));
  const [editing, setEditing] = useState<TSavedReply | null>(null);
  const kept = (query.data ?? []).filter((r) => list === 'admin' || !r.shared).length;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
        <p className="mt-2 text-slate-600">
          {list === 'admin'
            ? 'Replies every authority is offered when updating a complaint or writing to a student.'
            : 'Your replies, offered when you update a complaint or write to a student.'}{' '}
          <code>{'{student}'}</code> becomes the student’s name and <code>{'{token}'}</code> the complaint’s
          token; the text stays editable before it is sent.
        </p>
      </div>
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">
          {editing ? `Edit “${editing.title}”` : 'Add a reply'}
        </h2>
        <ReplyForm key={editing?.id ?? 'new'} list={list} editing={editing} onDone={() => setEditing(null)} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">
          {list === 'admin' ? 'Shared replies' : 'Your replies'}{' '}
          <span className="text-sm font-normal text-slate-600">
            ({kept} of {SAVED_REPLIES_MAX})
          </span>
        </h2>
        <QueryState
          query={query}
          errorText={MSG_REPLIES.fetchFailed}
          isEmpty={(replies) => replies.length === 0}
          empty="No saved replies yet."
          className="mt-4"
        >
          {(replies) => (
            <ul className="mt-4 space-y-3">
              {replies.map((reply) => (
                <ReplyItem key={reply.id} reply={reply} list={list} onEdit={setEditing} />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
