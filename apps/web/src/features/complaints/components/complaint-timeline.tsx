import type { TComplaintWithHistory } from '@bit/contract';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PhotoThumbs } from './photo-viewer';
import { buildTimeline, photoAlt, type TTimelineEntry, type TWho } from './timeline';

const who = (by: TWho) => `${by.name} (${by.as})`;

function Chip({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      {children}
    </span>
  );
}

function EntryBody({ entry, complaint }: { entry: TTimelineEntry; complaint: TComplaintWithHistory }) {
  switch (entry.kind) {
    case 'filed':
      return (
        <>
          <p className="mt-1 text-sm text-slate-800">Filed by {who(entry.by)}</p>
          {entry.remarks && <p className="mt-0.5 text-sm text-slate-600">{entry.remarks}</p>}
        </>
      );
    case 'status':
      return (
        <>
          <p className="mt-1 text-sm text-slate-800">
            {entry.reopened ? 'Reopened by' : 'By'} {who(entry.by)}
          </p>
          {entry.remarks && (
            <p className="mt-0.5 text-sm whitespace-pre-wrap text-slate-600">{entry.remarks}</p>
          )}
        </>
      );
    case 'message':
      return (
        <>
          <p className="mt-1 text-sm text-slate-800">{who(entry.by)} wrote:</p>
          <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900">
            {entry.body}
          </p>
        </>
      );
    case 'photos':
      return (
        <>
          <p className="mt-1 text-sm text-slate-800">
            {who(entry.by)} added {entry.photos.length === 1 ? 'a photo' : `${entry.photos.length} photos`}
          </p>
          <PhotoThumbs photos={entry.photos} alt={(p) => photoAlt(complaint, p.number)} />
        </>
      );
  }
}

function EntryLabel({ entry, complaint }: { entry: TTimelineEntry; complaint: TComplaintWithHistory }) {
  if (entry.kind === 'filed') return <StatusBadge status={complaint.history[0]?.status ?? 'Pending'} />;
  if (entry.kind === 'status') return <StatusBadge status={entry.status} />;
  return <Chip>{entry.kind === 'message' ? 'Message' : 'Photos'}</Chip>;
}

/**
 * Everything that happened to the complaint in one list, oldest first: the filing, each status
 * change, each message and the photos, each with who and when. Named "History", as it always was.
 */
export function ComplaintTimeline({ complaint }: { complaint: TComplaintWithHistory }) {
  return (
    <>
      <h3 className="mt-6 text-base font-semibold text-brand-900" id="history-heading">
        History
      </h3>
      <ol aria-labelledby="history-heading" className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4">
        {buildTimeline(complaint).map((entry) => (
          <li key={entry.key} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[1.4rem] size-3 rounded-full ${
                entry.kind === 'message' || entry.kind === 'photos' ? 'bg-accent-500' : 'bg-brand-700'
              }`}
            />
            <div className="flex flex-wrap items-center gap-2">
              <EntryLabel entry={entry} complaint={complaint} />
              <DateTime iso={entry.at} className="text-xs text-slate-600" />
            </div>
            <EntryBody entry={entry} complaint={complaint} />
          </li>
        ))}
      </ol>
    </>
  );
}
