import { MESSAGE_MAX, MSG, TITLE_MAX, type TUser, ZPostNotificationFields } from '@bit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass, SelectField, TextField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { errorMessage } from '../../../lib/api-client';
import {
  deleteNotice,
  getAllNotices,
  NOTICE_PAGE_SIZE,
  noticesKey,
  postNotice,
} from '../api/notifications-api';
import { NoticeItem } from './notice-item';
import { checkPdf, TARGET_OPTIONS } from './notice-utils';

/** An admin deletes any notice; an authority only their own. */
export function canDelete(user: TUser, postedById: number) {
  return user.role === 'admin' || (user.role === 'authority' && postedById === user.id);
}

/** /notifications: admins and authorities post notices (with an optional PDF), list and delete them. */
export function NotificationsManager({ user }: { user: TUser }) {
  useDocumentTitle('Notifications');
  const queryClient = useQueryClient();
  const messageId = useId();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [hostel, setHostel] = useState('all');
  const [pdf, setPdf] = useState<File | null>(null);
  const [page, setPage] = useState(1);

  const cursors = usePageCursors('every');
  const before = cursors.before(page);
  const list = useQuery({
    queryKey: [...noticesKey, 'every', page, before],
    queryFn: () => getAllNotices(page, before),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (list.isError) toast.error(MSG.fetchNotificationsFailed, { toastId: 'notices-fetch-failed' });
  }, [list.isError]);

  const clearFile = () => {
    setPdf(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const post = useMutation({
    mutationFn: postNotice,
    onSuccess: (res) => {
      toast.success(res?.message || MSG.notificationPosted);
      setTitle('');
      setMessage('');
      setHostel('all');
      clearFile();
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: noticesKey });
    },
    onError: (error) => toast.error(errorMessage(error, MSG.postNotificationFailed)),
  });

  const remove = useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => {
      toast.success(MSG.notificationDeleted);
      void queryClient.invalidateQueries({ queryKey: noticesKey });
    },
    onError: (error) => toast.error(errorMessage(error, MSG.deleteFailed)),
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      setPdf(null);
      return;
    }
    const check = await checkPdf(file);
    if (check !== 'ok') {
      toast.error(check === 'too-large' ? MSG.pdfTooLarge : MSG.pdfOnly);
      clearFile();
      return;
    }
    setPdf(file);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPostNotificationFields.safeParse({ title, message, hostel });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MSG.postNotificationFailed);
      return;
    }
    const form = new FormData();
    form.append('title', title);
    form.append('message', message);
    form.append('hostel', hostel);
    if (pdf) form.append('pdf', pdf, pdf.name);
    post.mutate(form);
  };

  const onDelete = (id: number) => {
    if (!window.confirm(MSG.confirmDelete)) return;
    remove.mutate(id);
  };

  const notices = list.data?.data ?? [];
  const awaitingApproval = user.role === 'authority' && !user.approved;

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Notifications</h1>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-brand-900">Post a notification</h2>
        {awaitingApproval && (
          <p className="mt-2 rounded-lg bg-status-pending-bg p-3 text-sm text-status-pending">
            Your account is awaiting an admin's approval.
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <TextField
            label="Title"
            value={title}
            maxLength={TITLE_MAX}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
          <div>
            <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-slate-700">
              Message
            </label>
            <textarea
              id={messageId}
              rows={5}
              required
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              className={inputClass}
            />
          </div>
          <SelectField label="Target" value={hostel} required onChange={(e) => setHostel(e.target.value)}>
            {TARGET_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <div>
            <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
              PDF attachment (optional)
            </label>
            <input
              id={fileId}
              ref={fileRef}
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby={`${fileId}-hint`}
              onChange={(e) => void onFile(e)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700"
            />
            <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-500">
              PDF only, at most 10 MB.
            </p>
          </div>
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? 'Posting…' : 'Post'}
          </Button>
        </form>
      </Card>

      <h2 className="mt-8 text-lg font-semibold text-brand-900">All notifications</h2>
      {list.isPending ? (
        <p role="status" className="mt-3 text-slate-600">
          {MSG.loading}
        </p>
      ) : list.isError ? (
        <p role="alert" className="mt-3 text-status-other">
          {MSG.fetchNotificationsFailed}
        </p>
      ) : notices.length === 0 ? (
        <p className="mt-3 text-slate-600">No notifications yet.</p>
      ) : (
        <>
          <ul className="mt-3 space-y-3">
            {notices.map((n) => (
              <li key={n.id}>
                <NoticeItem
                  notice={n}
                  showPoster
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
            pageSize={list.data?.pageSize ?? NOTICE_PAGE_SIZE}
            count={list.data?.count ?? 0}
            onPageChange={(to) => {
              cursors.move(list.data, to);
              setPage(to);
            }}
            label="Notification pages"
          />
        </>
      )}
    </section>
  );
}
