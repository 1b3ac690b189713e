import {
  COMPLAINT_MESSAGE_MAX,
  isClosed,
  MSG,
  MSG_CONVERSATION,
  PHOTOS_PER_COMPLAINT,
  type TComplaintWithHistory,
  type TUser,
  tokenInAddress,
} from '@bit/contract';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { SavedCopyNote } from '../../../components/saved-copy-note';
import { buttonClass, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { inputClass, labelClass, TextField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { SHELL_HEADINGS } from '../../../config/headings';
import { incidentPath } from '../../../config/paths';
import { useArrivalFocus } from '../../../hooks/use-arrival-focus';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useOffline } from '../../../hooks/use-offline';
import { useSavedCopy } from '../../../hooks/use-saved-copy';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { complaintCopy } from '../../../lib/saved-copies';
import { useComplaint } from '../api/get-complaint';
import { SEARCH_OFFLINE } from './complaint-search';
import { ComplaintTimeline } from './complaint-timeline';
import { CLOSED_FOR_MESSAGES_WHY, isConversationOpen } from './conversation-rules';
import { subTypeLabel } from './format';
import { OverdueBadge } from './overdue';
import { PhotoInput, UploadList, usePhotoUploads } from './photo-uploads';
import { RateOrRating } from './rating';
import { Reopen } from './reopen-dialog';
import type { TReplyPickerSlot } from './reply-slot';

// the search shows at once: its check, and zod with it, loads at its first use (lib/form.ts)
const loadSearchSchema = () => import('./search-schema').then((m) => m.searchSchema);

// The message box is a form (react-hook-form): it loads after the complaint is shown, not with it.
const MessageBox = lazyWithRetry(() => import('./message-box').then((m) => ({ default: m.MessageBox })));

/**
 * The message box's look while its code loads: its height exactly (the same textarea, counter and
 * button), so the photos below do not move when it arrives. Hidden from everyone and inert: no label
 * to find, nothing to type into and lose.
 */
function MessageBoxPlaceholder() {
  return (
    <div aria-hidden="true" inert className="space-y-3">
      <div>
        <span className={labelClass}>Your message</span>
        <textarea className={`${inputClass} min-h-28`} rows={4} tabIndex={-1} readOnly />
        <p className="mt-1 text-xs text-slate-500">0 / {COMPLAINT_MESSAGE_MAX} characters</p>
      </div>
      <span className={buttonClass('primary')}>Send message</span>
    </div>
  );
}

/**
 * The complaint's page, for everyone the server lets see it (its student, authorities in scope,
 * admins): found by token, as SPEC's status search always did. The URL's ?token= is the search: it is
 * read on load and written on search.
 */
export function ComplaintStatus({
  user,
  replyPicker,
  aside,
}: {
  user: TUser;
  replyPicker?: TReplyPickerSlot;
  /** what the app adds under the complaint's details (the grievances feature's link, CONTRACT 7.2) */
  aside?: ((complaint: TComplaintWithHistory) => ReactNode) | undefined;
}) {
  useDocumentTitle('Complaint Status');
  const [searchParams, setSearchParams] = useSearchParams();
  const urlToken = tokenInAddress(searchParams);
  const form = useSchemaForm(loadSearchSchema, { defaultValues: { token: urlToken } });
  // the student's and the authorities' page follows the conversation; an admin only reads
  const query = useComplaint(urlToken, { live: user.role !== 'admin' });
  // offline: the complaint as last read here, read only (a student's own, kept: lib/saved-copies.ts)
  const shown = useSavedCopy(user, complaintCopy(urlToken), query);
  const asOf = shown.asOf;

  // follow the URL when it changes (back/forward, a View link)
  const { setValue } = form;
  useEffect(() => setValue('token', urlToken), [setValue, urlToken]);

  // a failed search says why once, in the page (QueryState); a toast only when a refetch fails over a
  // complaint still shown
  useErrorToast(query.data && asOf === null ? query.error : null, (error) =>
    errorMessage(error, MSG.fetchComplaintFailed),
  );

  // "Searching..." for a search, not for the page's own refresh every 30 s: the button would flicker,
  // and a focused button that turns disabled loses the focus
  const [searching, setSearching] = useState(false);
  // offline a search waits for the connection: said so, never "Searching..." for ever (issue 51 row 24)
  const offline = useOffline();
  const [searchedOffline, setSearchedOffline] = useState(false);
  const onSearch = ({ token }: { token: string }) => {
    setSearchedOffline(navigator.onLine === false);
    if (token !== urlToken) return setSearchParams({ token });
    if (navigator.onLine === false) return;
    setSearching(true);
    void query.refetch().finally(() => setSearching(false));
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.complaintStatus}</h1>
      <Card className="mt-6">
        <form
          ref={form.ref}
          noValidate
          onSubmit={form.submit(onSearch)}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label="Complaint token"
            className="flex-1"
            placeholder="CMP-..."
            autoComplete="off"
            {...form.field('token')}
          />
          <SubmitButton
            className="sm:mt-6"
            pending={!offline && (query.isLoading || searching)}
            pendingText="Searching..."
          >
            Search
          </SubmitButton>
        </form>
        {offline && searchedOffline && (
          <p role="status" className="mt-2 text-sm text-status-pending">
            {SEARCH_OFFLINE}
          </p>
        )}
      </Card>

      {urlToken ? (
        <QueryState
          query={asOf !== null ? { isPending: false, data: shown.data } : query}
          errorText={errorMessage(query.error, MSG.fetchComplaintFailed)}
          className="mt-6"
          // the details and the timeline fill the screen: the footer stays below it while loading
          reserve="min-h-svh"
        >
          {(complaint) =>
            asOf !== null ? (
              <>
                <SavedCopyNote asOf={asOf} className="mt-6" />
                <ComplaintDetails complaint={complaint} user={user} readOnly />
              </>
            ) : (
              <>
                <ComplaintDetails complaint={complaint} user={user} />
                {aside?.(complaint)}
                {user.role !== 'admin' && (
                  <Conversation complaint={complaint} user={user} replyPicker={replyPicker} />
                )}
              </>
            )
          }
        </QueryState>
      ) : (
        <p className="mt-6 text-sm text-slate-600">
          Enter the token you got when you filed the complaint, for example CMP-1A2B3C4D.
        </p>
      )}
    </section>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** `readOnly`: a saved copy, shown offline: what it says, none of its actions. */
function ComplaintDetails({
  complaint: c,
  user,
  readOnly = false,
}: {
  complaint: TComplaintWithHistory;
  user: TUser;
  readOnly?: boolean;
}) {
  // filed a moment ago (file-complaint-form.tsx): focus on the complaint's token, not the page's body
  const arrived = useArrivalFocus('complaint');
  return (
    <Card className="mt-6">
      <h2 ref={arrived} tabIndex={-1} className="text-lg font-semibold text-brand-900">
        Complaint <span className="font-mono">{c.token}</span>
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Status">
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={c.status} />
            <OverdueBadge complaint={c} />
          </span>
        </Field>
        <Field label="Type">{c.type}</Field>
        <Field label={subTypeLabel(c.type)}>{c.subType}</Field>
        {c.type === 'Hostel' && (
          <>
            <Field label="Hostel">{c.hostelNo ?? '—'}</Field>
            <Field label="Room">{c.roomNo ?? '—'}</Field>
          </>
        )}
        <Field label="Student">
          {c.student.name}
          {c.student.rollNo ? ` (${c.student.rollNo})` : ''}
        </Field>
        <Field label="Assigned to">
          {c.assignedTo
            ? `${c.assignedTo.name}${c.assignedTo.designation ? `, ${c.assignedTo.designation}` : ''}`
            : 'Not assigned yet'}
        </Field>
        <Field label="Filed on">
          <DateTime iso={c.createdAt} />
        </Field>
        <Field label="Last updated">
          <DateTime iso={c.updatedAt} />
        </Field>
        {/* a closed complaint is due no more (issue 51 row 24) */}
        {!isClosed(c.status) && (
          <Field label="Due by">
            <DateTime iso={c.dueAt} />
          </Field>
        )}
        {c.incident && (
          // CONTRACT 6.1: a student reads the incident's name (its page is the authorities')
          <Field label="Incident" wide>
            {user.role === 'student' ? (
              `Part of a known problem: ${c.incident.title}`
            ) : (
              <Link
                to={incidentPath(c.incident.id)}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {c.incident.title}
              </Link>
            )}
          </Field>
        )}
        {c.reopenCount > 0 && (
          <Field label="Reopened">{c.reopenCount === 1 ? 'Once' : `${c.reopenCount} times`}</Field>
        )}
        <Field label="Description" wide>
          <span className="whitespace-pre-wrap">{c.description}</span>
        </Field>
        <Field label="Remarks" wide>
          {c.remarks || 'No remarks yet'}
        </Field>
      </dl>
      {!readOnly && (
        <>
          <RateOrRating complaint={c} byStudent={user.role !== 'student'} className="mt-4" />
          {/* the server lets only the complaint's own student see it as a student */}
          {user.role === 'student' && <Reopen complaint={c} className="mt-4 text-sm" />}
        </>
      )}

      <ComplaintTimeline complaint={c} />
    </Card>
  );
}

/**
 * Where the student and the authorities add to the complaint: a message, photos. Open while the
 * complaint is, closed with the reason after; admins only read, so they get none of it.
 */
function Conversation({
  complaint: c,
  user,
  replyPicker,
}: {
  complaint: TComplaintWithHistory;
  user: TUser;
  replyPicker?: TReplyPickerSlot | undefined;
}) {
  const photos = usePhotoUploads();
  const room = PHOTOS_PER_COMPLAINT - c.attachments.length;
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">
        {user.role === 'student' ? 'Write to the authorities' : 'Write to the student'}
      </h2>
      {isConversationOpen(c) ? (
        <>
          <div className="mt-4">
            <Suspense fallback={<MessageBoxPlaceholder />}>
              <MessageBox complaint={c} replyPicker={replyPicker} />
            </Suspense>
          </div>
          <div className="mt-6 border-t border-slate-200 pt-4">
            {room > 0 ? (
              <PhotoInput
                label="Add photos"
                room={room}
                disabled={photos.busy}
                onChoose={(files) => void photos.start(c.id, files)}
              />
            ) : (
              <p className="text-sm text-slate-600">
                This complaint has {PHOTOS_PER_COMPLAINT} photos, the most it can have.
              </p>
            )}
            <UploadList uploads={photos.uploads} />
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {MSG_CONVERSATION.closedForMessages}. {CLOSED_FOR_MESSAGES_WHY}
        </p>
      )}
    </Card>
  );
}
