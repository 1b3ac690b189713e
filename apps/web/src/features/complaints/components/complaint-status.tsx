import { MSG, type TComplaintWithHistory } from '@bit/contract';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { QueryState } from '../../../components/query-state';
import { SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { useComplaint } from '../api/get-complaint';
import { formatDateTime, subTypeLabel } from './format';

// SPEC §5: the token, trimmed, must not be empty; the server judges the rest.
const searchSchema = z.object({ token: z.string().trim().min(1, MSG.tokenRequired) });

/** Track a complaint by token. The URL's ?token= is the search: it is read on load and written on search. */
export function ComplaintStatus() {
  useDocumentTitle('Complaint Status');
  const [searchParams, setSearchParams] = useSearchParams();
  const urlToken = (searchParams.get('token') ?? '').trim();
  const form = useSchemaForm(searchSchema, { defaultValues: { token: urlToken } });
  const query = useComplaint(urlToken);

  // follow the URL when it changes (back/forward, a View link)
  const { setValue } = form;
  useEffect(() => setValue('token', urlToken), [setValue, urlToken]);

  useErrorToast(query.error, (error) => errorMessage(error, MSG.fetchComplaintFailed));

  const onSearch = ({ token }: { token: string }) => {
    if (token === urlToken) void query.refetch();
    else setSearchParams({ token });
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Track Complaint Status</h1>
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
          <SubmitButton className="sm:mt-6" pending={query.isFetching} pendingText="Searching...">
            Search
          </SubmitButton>
        </form>
      </Card>

      {urlToken ? (
        <QueryState
          query={query}
          errorText={errorMessage(query.error, MSG.fetchComplaintFailed)}
          className="mt-6"
        >
          {(complaint) => <ComplaintDetails complaint={complaint} />}
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

function ComplaintDetails({ complaint: c }: { complaint: TComplaintWithHistory }) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">
        Complaint <span className="font-mono">{c.token}</span>
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Token">
          <span className="font-mono">{c.token}</span>
        </Field>
        <Field label="Status">
          <StatusBadge status={c.status} />
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
        <Field label="Filed on">{formatDateTime(c.createdAt)}</Field>
        <Field label="Last updated">{formatDateTime(c.updatedAt)}</Field>
        <Field label="Description" wide>
          <span className="whitespace-pre-wrap">{c.description}</span>
        </Field>
        <Field label="Remarks" wide>
          {c.remarks || 'No remarks yet'}
        </Field>
      </dl>

      <h3 className="mt-6 text-base font-semibold text-brand-900" id="history-heading">
        History
      </h3>
      <ol aria-labelledby="history-heading" className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4">
        {c.history.map((entry) => (
          <li
            key={`${entry.at}-${entry.status}-${entry.by.name}-${entry.remarks ?? ''}`}
            className="relative"
          >
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full bg-brand-700"
            />
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={entry.status} />
              <time dateTime={entry.at} className="text-xs text-slate-600">
                {formatDateTime(entry.at)}
              </time>
            </div>
            <p className="mt-1 text-sm text-slate-800">
              By {entry.by.name}
              {entry.by.designation ? ` (${entry.by.designation})` : ''}
            </p>
            {entry.remarks && <p className="mt-0.5 text-sm text-slate-600">{entry.remarks}</p>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
