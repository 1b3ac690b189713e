import { MSG } from '@bit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { getNoticesFor, NOTICE_PAGE_SIZE, noticesKey } from '../api/notifications-api';
import { NoticeItem } from './notice-item';
import { TARGET_OPTIONS, targetLabel } from './notice-utils';

/** /student-notifications (open to all): notices for a hostel (and the whole college), or whole-college ones. */
export function StudentNotifications({ userHostel = null }: { userHostel?: number | null }) {
  useDocumentTitle('Notifications');
  // until the visitor picks, follow the signed-in user's hostel (the session may still be loading)
  const [picked, setPicked] = useState<string | null>(null);
  const target = picked ?? (userHostel ? String(userHostel) : 'all');
  const [page, setPage] = useState(1);

  const cursors = usePageCursors(target);
  const before = cursors.before(page);
  const list = useQuery({
    queryKey: [...noticesKey, 'for', target, page, before],
    queryFn: () => getNoticesFor(target, page, before),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (list.isError) toast.error(MSG.fetchNotificationsFailed, { toastId: 'notices-fetch-failed' });
  }, [list.isError]);

  const notices = list.data?.data ?? [];

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Notifications</h1>
      <div className="mt-4 max-w-xs">
        <SelectField
          label="Show notices for"
          value={target}
          onChange={(e) => {
            setPicked(e.target.value);
            setPage(1);
          }}
        >
          {TARGET_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </div>
      <h2 className="sr-only">{targetLabel(target)}</h2>
      <div aria-live="polite" aria-busy={list.isFetching}>
        {list.isPending ? (
          <p role="status" className="mt-4 text-slate-600">
            {MSG.loading}
          </p>
        ) : list.isError ? (
          <p role="alert" className="mt-4 text-status-other">
            {MSG.fetchNotificationsFailed}
          </p>
        ) : notices.length === 0 ? (
          <p className="mt-4 text-slate-600">
            No notifications {target === 'all' ? 'for the whole college' : `for ${targetLabel(target)}`} yet.
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {notices.map((n) => (
              <li key={n.id}>
                <NoticeItem notice={n} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {list.data && (
        <Pagination
          page={page}
          pageSize={list.data.pageSize ?? NOTICE_PAGE_SIZE}
          count={list.data.count}
          onPageChange={(to) => {
            cursors.move(list.data, to);
            setPage(to);
          }}
          label="Notification pages"
        />
      )}
    </section>
  );
}
