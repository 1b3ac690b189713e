import { MSG, NOTICE_PAGE_SIZE } from '@bit/contract';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/ui/form-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { usePageCursors } from '../../../hooks/use-page-cursors';

import { useNoticesFor } from '../api/get-notices-for';
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
  const list = useNoticesFor(target, page, cursors.before(page));

  useErrorToast(list.error, () => MSG.fetchNotificationsFailed, 'notices-fetch-failed');

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.studentNotifications}</h1>
      <div className="mt-4 max-w-xs">
        <SelectField
          label="Show notices for"
          value={target}
          onChange={(e) => {
            setPicked(e.target.value);
            setPage(1);
          }}
          options={TARGET_OPTIONS}
        />
      </div>
      <h2 className="sr-only">{targetLabel(target)}</h2>
      <div aria-live="polite" aria-busy={list.isFetching}>
        <QueryState
          query={list}
          errorText={MSG.fetchNotificationsFailed}
          isEmpty={(p) => p.data.length === 0}
          empty={`No notifications ${target === 'all' ? 'for the whole college' : `for ${targetLabel(target)}`} yet.`}
          className="mt-4"
          // a page of notices is taller than the screen: the footer stays below it while loading
          reserve="min-h-svh"
        >
          {(notices) => (
            <ul className="mt-4 space-y-3">
              {notices.data.map((n) => (
                <li key={n.id}>
                  <NoticeItem notice={n} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
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
