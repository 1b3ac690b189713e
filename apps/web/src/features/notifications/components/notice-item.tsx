import type { TNotification } from '@bit/contract';
import type { ReactNode, Ref } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { posterLabel, targetLabel } from './notice-utils';

/** One notice: title, message as plain text (whitespace kept), target, date, poster and the PDF link. */
export function NoticeItem({
  notice,
  showPoster = false,
  actions,
  headingRef,
}: {
  notice: TNotification;
  showPoster?: boolean;
  actions?: ReactNode;
  /** the notice just posted: focus goes to its title (issue 33 row 21) */
  headingRef?: Ref<HTMLHeadingElement> | undefined;
}) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-lg font-semibold break-words text-brand-900"
        >
          {notice.title}
        </h3>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {targetLabel(notice.hostel)}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <DateTime iso={notice.createdAt} />
        {showPoster && (
          <>
            {' · '}Posted by {posterLabel(notice.postedBy)}
          </>
        )}
      </p>
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{notice.message}</p>
      {(notice.pdfUrl || actions) && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {notice.pdfUrl && (
            <a
              href={notice.pdfUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Open PDF{notice.pdfName ? `: ${notice.pdfName}` : ''}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {actions}
        </div>
      )}
    </article>
  );
}
