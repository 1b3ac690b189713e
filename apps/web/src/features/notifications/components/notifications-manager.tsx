import {
  MESSAGE_MAX,
  MSG,
  NOTICE_PAGE_SIZE,
  noticeTargetsFor,
  TITLE_MAX,
  type TPostNotificationFields,
  type TUser,
  ZPostNotificationFields,
} from '@bit/contract';
import { type ChangeEvent, useCallback, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, SelectField, TextField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { useStepBackFromEmptyPage } from '../../../hooks/use-step-back-from-empty-page';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { useDeleteNotice } from '../api/delete-notice';
import { useAllNotices } from '../api/get-all-notices';
import { usePostNotice } from '../api/post-notice';
import { NoticeItem } from './notice-item';
import { checkPdf, TARGET_OPTIONS } from './notice-utils';

type TValues = { title: string; message: string; hostel: string };

const EMPTY: TValues = { title: '', message: '', hostel: 'all' };

const schema = formSchema<TValues, TPostNotificationFields>(ZPostNotificationFields);

/** An admin deletes any notice; an approved authority only their own (the server refuses the unapproved). */
function canDelete(user: TUser, postedById: number) {
  return user.role === 'admin' || (user.role === 'authority' && user.approved && postedById === user.id);
}

/** /notifications: admins and authorities post notices (with an optional PDF), list and delete them. */
export function NotificationsManager({ user }: { user: TUser }) {
  useDocumentTitle('Notifications');
  const fileRef = useRef<HTMLInputElement>(null);
  // CONTRACT 5.8: a Hostel Clerk or Warden posts only to their own hostel; the others to any audience
  const targets = noticeTargetsFor(user);
  const targetOptions = TARGET_OPTIONS.filter((o) => targets.includes(o.value));
  const empty: TValues = { ...EMPTY, hostel: targets.includes('all') ? 'all' : (targets[0] ?? '') };
  const form = useSchemaForm(schema, { defaultValues: empty });
  const [pdf, setPdf] = useState<File | null>(null);
  const [pdfError, setPdfError] = useState<string>();
  const [page, setPage] = useState(1);
  // the notice just posted: its title takes focus once the list shows it (the Post button, disabled
  // while posting, dropped focus to the page's body)
  const [posted, setPosted] = useState<number | null>(null);
  const focusPosted = useCallback((heading: HTMLHeadingElement | null) => {
    if (!heading) return;
    heading.focus();
    setPosted(null);
  }, []);

  const cursors = usePageCursors('every');
  const list = useAllNotices(page, cursors.before(page));
  useStepBackFromEmptyPage(list.data, list.data?.pageSize ?? NOTICE_PAGE_SIZE, setPage);
  const post = usePostNotice();
  const remove = useDeleteNotice();

  useErrorToast(list.error, () => MSG.fetchNotificationsFailed, 'notices-fetch-failed');

  const clearFile = () => {
    setPdf(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setPdfError(undefined);
    if (!file) {
      setPdf(null);
      return;
    }
    const check = await checkPdf(file);
    if (check !== 'ok') {
      const message = check === 'too-large' ? MSG.pdfTooLarge : MSG.pdfOnly;
      toast.error(message);
      setPdfError(message);
      clearFile();
      fileRef.current?.focus();
      return;
    }
    setPdf(file);
  };

  const onValid = ({ title, message, hostel }: TPostNotificationFields) => {
    const body = new FormData();
    body.append('title', title);
    body.append('message', message);
    body.append('hostel', hostel);
    if (pdf) body.append('pdf', pdf, pdf.name);
    post.mutate(body, {
      onSuccess: (res) => {
        toast.success(res?.message || MSG.notificationPosted);
        form.reset(empty);
        clearFile();
        setPdfError(undefined);
        setPage(1);
        setPosted(res?.data?.id ?? null);
      },
      onError: form.refused((error) => errorMessage(error, MSG.postNotificationFailed)),
    });
  };

  const onDelete = (id: number) => {
    if (!window.confirm(MSG.confirmDelete)) return;
    remove.mutate(id, {
      onSuccess: () => toast.success(MSG.notificationDeleted),
      onError: (error) => toast.error(errorMessage(error, MSG.deleteFailed)),
    });
  };

  // the server refuses every notice action until approved (issue 33 row 13): the form waits, saying why
  const awaitingApproval = user.role === 'authority' && !user.approved;
  const waitReason = useId();

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.notifications}</h1>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">Post a notification</h2>
        {awaitingApproval && (
          <p id={waitReason} className="mt-2 rounded-lg bg-status-pending-bg p-3 text-sm text-status-pending">
            Your account is awaiting an admin's approval. You can post notices once it is approved.
          </p>
        )}
        <form ref={form.ref} onSubmit={form.submit(onValid)} noValidate className="mt-4">
          <fieldset
            disabled={awaitingApproval}
            aria-describedby={awaitingApproval ? waitReason : undefined}
            className="space-y-4"
          >
            <TextField label="Title" maxLength={TITLE_MAX} required {...form.field('title')} />
            <TextAreaField
              label="Message"
              rows={5}
              required
              maxLength={MESSAGE_MAX}
              {...form.field('message')}
            />
            <SelectField
              label="Target"
              required
              hint={targets.includes('all') ? undefined : 'You can post to your own hostel only.'}
              {...form.field('hostel')}
              options={targetOptions}
            />
            <Field label="PDF attachment (optional)" hint="PDF only, at most 10 MB." error={pdfError}>
              {(control) => (
                <input
                  ref={fileRef}
                  type="file"
                  name="pdf"
                  accept="application/pdf,.pdf"
                  onChange={(e) => void onFile(e)}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700"
                  {...control}
                />
              )}
            </Field>
            <SubmitButton pending={post.isPending} pendingText="Posting…">
              Post
            </SubmitButton>
          </fieldset>
        </form>
      </Card>

      <h2 className="mt-8 text-lg font-semibold text-brand-900">All notifications</h2>
      <QueryState
        query={list}
        errorText={MSG.fetchNotificationsFailed}
        isEmpty={(p) => p.data.length === 0}
        empty="No notifications yet."
        className="mt-3"
      >
        {(notices) => (
          <>
            <ul className="mt-3 space-y-3">
              {notices.data.map((n) => (
                <li key={n.id}>
                  <NoticeItem
                    notice={n}
                    showPoster
                    headingRef={n.id === posted ? focusPosted : undefined}
                    actions={
                      canDelete(user, n.postedBy.id) ? (
                        <Button
                          variant="ghost"
                          className="text-status-other"
                          aria-label={`Delete ${n.title}`}
                          disabled={remove.isPending && remove.variables === n.id}
                          onClick={() => onDelete(n.id)}
                        >
                          Delete
                        </Button>
                      ) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={notices.pageSize ?? NOTICE_PAGE_SIZE}
              count={notices.count}
              onPageChange={(to) => {
                cursors.move(notices, to);
                setPage(to);
              }}
              label="Notification pages"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
