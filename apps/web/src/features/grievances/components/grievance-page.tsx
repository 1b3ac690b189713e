import {
  COMMITTEE_NAMES,
  complaintStatusPath,
  GRIEVANCE_NEXT,
  GRIEVANCE_TEXT,
  MSG_GRIEVANCE,
  MSG_SHELL,
  type TGrievanceWithHistory,
  type TUser,
} from '@bit/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { LinkButton, SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { dashboardPath } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/form';
import { useCommittees } from '../api/get-committees';
import { useGrievance } from '../api/get-grievance';
import { usePostGrievanceMessage } from '../api/post-grievance-message';
import {
  AppealForm,
  DecisionForm,
  HearingForm,
  RepresentativeForm,
  WithdrawAction,
} from './grievance-actions';
import {
  appealUntil,
  CLOSED_FOR_MESSAGES_WHY,
  committeeMayAct,
  isGrievanceOverdue,
  mayAppeal,
  mayNameRepresentative,
  mayWithdraw,
  nextBy,
  openForMessages,
} from './grievance-rules';
import { GrievanceStatus } from './grievance-status';

const FAILED = 'Could not load the grievance';
const SEND_FAILED = 'Failed to send message';
const loadMessageSchema = () => import('./grievance-schemas').then((m) => m.grievanceMessageSchema);

type TGrievance = TGrievanceWithHistory;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

const personOf = (by: { name: string; designation: string | null }) =>
  by.designation ? `${by.name} (${by.designation})` : by.name;

/** What happens next and by when (GRIEVANCE_NEXT, the date in TIME_ZONE), said to the student or the committee. */
function WhatNext({ grievance, student }: { grievance: TGrievance; student: boolean }) {
  const by = nextBy(grievance);
  let text: ReactNode;
  if (grievance.status === 'Decided' && grievance.committee !== 'sgrc') text = MSG_GRIEVANCE.appealSgrcOnly;
  else if (grievance.status === 'Decided' && Date.now() > (appealUntil(grievance) ?? 0))
    text = MSG_GRIEVANCE.appealTimePassed;
  else if (!student && (grievance.status === 'Submitted' || grievance.status === 'Hearing scheduled'))
    text = (
      <>
        The committee decides by <DateTime iso={grievance.dueAt} />.
      </>
    );
  else if (!student && grievance.status === 'Appealed' && grievance.appeal)
    text = (
      <>
        The Ombudsperson decides the appeal by <DateTime iso={grievance.appeal.dueAt} />.
      </>
    );
  else
    text = by ? (
      <>
        {GRIEVANCE_NEXT[grievance.status]} <DateTime iso={by} />.
      </>
    ) : (
      GRIEVANCE_NEXT[grievance.status]
    );
  const overdue = isGrievanceOverdue(grievance);
  return (
    <section aria-labelledby="what-next" className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <h2 id="what-next" className="text-base font-semibold text-brand-900">
        What happens next
      </h2>
      <p className="mt-1 text-sm text-slate-800">{text}</p>
      {overdue && (
        <p className="mt-1 text-sm font-semibold text-status-other">This is past its time limit.</p>
      )}
    </section>
  );
}

function Details({ grievance }: { grievance: TGrievance }) {
  const g = grievance;
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold break-words text-brand-900">{g.subject}</h2>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{g.description}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Item label="Category">{g.category}</Item>
        <Item label="Heard by">{COMMITTEE_NAMES[g.committee]}</Item>
        <Item label="Student">
          {g.student
            ? `${g.student.name}${g.student.rollNo ? ` (${g.student.rollNo})` : ''}`
            : MSG_GRIEVANCE.anonymous}
          {g.anonymous && g.student ? ' · reported anonymously: the committee sees “Anonymous”' : ''}
        </Item>
        <Item label="Submitted">
          <DateTime iso={g.createdAt} />
        </Item>
        {g.complaint && (
          <Item label="Complaint">
            <Link
              to={complaintStatusPath(g.complaint.token)}
              className="font-mono text-brand-700 underline-offset-2 hover:underline"
            >
              {g.complaint.token}
            </Link>{' '}
            ({g.complaint.status})
          </Item>
        )}
        {g.hearing && (
          <Item label="Hearing">
            <DateTime iso={g.hearing.at} />, {g.hearing.place}
            {g.hearing.representative ? `\nRepresentative: ${g.hearing.representative}` : ''}
          </Item>
        )}
      </dl>
      {g.decision && (
        <section aria-label="Decision" className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="text-base font-semibold text-brand-900">Decision: {g.decision.outcome}</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{g.decision.text}</p>
          <p className="mt-1 text-xs text-slate-600">
            {personOf(g.decision.by)}, <DateTime iso={g.decision.at} />
          </p>
        </section>
      )}
      {g.appeal && (
        <section aria-label="Appeal" className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="text-base font-semibold text-brand-900">Appeal to the Ombudsperson</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{g.appeal.reason}</p>
          <p className="mt-1 text-xs text-slate-600">
            <DateTime iso={g.appeal.at} />
          </p>
        </section>
      )}
      {g.appealDecision && (
        <section aria-label="Appeal decision" className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="text-base font-semibold text-brand-900">
            The Ombudsperson’s decision: {g.appealDecision.outcome}
          </h3>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
            {g.appealDecision.text}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {personOf(g.appealDecision.by)}, <DateTime iso={g.appealDecision.at} />
          </p>
        </section>
      )}
    </Card>
  );
}

/** Every step, oldest first, with who took it and when. */
function Timeline({ grievance }: { grievance: TGrievance }) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">Timeline</h2>
      <ol aria-label="Timeline" className="mt-3 space-y-3 border-l-2 border-brand-100 pl-4">
        {grievance.history.map((h) => (
          <li key={`${h.at}-${h.status}-${h.note ?? ''}`} className="text-sm">
            <span className="flex flex-wrap items-center gap-2">
              <GrievanceStatus status={h.status} />
              <DateTime iso={h.at} className="text-xs text-slate-600" />
            </span>
            {h.note && <span className="mt-1 block break-words text-slate-800">{h.note}</span>}
            <span className="block text-xs text-slate-600">{personOf(h.by)}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function MessageBox({ grievance }: { grievance: TGrievance }) {
  const post = usePostGrievanceMessage(grievance.id);
  const form = useSchemaForm(loadMessageSchema, { defaultValues: { body: '' } });
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <form
      ref={form.ref}
      noValidate
      aria-label="Write a message"
      onSubmit={form.submit((body) => {
        setRefusal(null);
        post.mutate(
          { id: grievance.id, body },
          {
            onSuccess: (res) => {
              toast.success(res.message || MSG_GRIEVANCE.messageSent);
              form.reset({ body: '' });
            },
            onError: (error) => setRefusal(errorMessage(error, SEND_FAILED)),
          },
        );
      })}
      className="mt-4 space-y-3"
    >
      <TextAreaField
        label="Your message"
        maxLength={GRIEVANCE_TEXT.messageMax}
        rows={3}
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

/** The student and the committee (and the Ombudsperson on an appeal) write to each other, oldest first. */
function Messages({ grievance }: { grievance: TGrievance }) {
  const open = openForMessages(grievance);
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">Messages</h2>
      {grievance.messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ul aria-label="Messages" className="mt-3 space-y-3">
          {grievance.messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg p-3 text-sm ${m.by.role === 'student' ? 'bg-slate-50' : 'bg-brand-50'}`}
            >
              <span className="block text-xs text-slate-600">
                {personOf(m.by)} · <DateTime iso={m.at} />
              </span>
              <span className="mt-1 block break-words whitespace-pre-line text-slate-900">{m.body}</span>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <MessageBox grievance={grievance} />
      ) : (
        <p className="mt-3 text-sm text-slate-600">{CLOSED_FOR_MESSAGES_WHY}</p>
      )}
    </Card>
  );
}

function ActionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** The steps this viewer may take now: the student's, the committee member's, the Ombudsperson's. */
function Actions({ grievance, user }: { grievance: TGrievance; user: TUser }) {
  if (user.role === 'student') return <StudentActions grievance={grievance} />;
  if (user.role === 'authority') return <MemberActions grievance={grievance} user={user} />;
  return null;
}

function StudentActions({ grievance }: { grievance: TGrievance }) {
  return (
    <>
      {mayNameRepresentative(grievance) && (
        <ActionCard title="Your representative">
          <RepresentativeForm grievance={grievance} />
        </ActionCard>
      )}
      {mayAppeal(grievance) && (
        <ActionCard title="Appeal to the Ombudsperson">
          <p className="mb-3 text-sm text-slate-700">
            Not satisfied with the decision? You may appeal until{' '}
            <DateTime iso={new Date(appealUntil(grievance) ?? 0).toISOString()} />.
          </p>
          <AppealForm grievance={grievance} />
        </ActionCard>
      )}
      {mayWithdraw(grievance) && (
        <div className="mt-6">
          <WithdrawAction grievance={grievance} />
        </div>
      )}
    </>
  );
}

function MemberActions({ grievance, user }: { grievance: TGrievance; user: TUser }) {
  const committees = useCommittees();
  // Who the Ombudsperson is, from the public list (names and designations): an SGRC member sees an
  // appealed grievance too, and only the Ombudsperson decides it (the server says so, 403, otherwise).
  const ombudsperson = committees.data?.data
    .find((c) => c.committee === 'ombudsperson')
    ?.members.some((m) => m.name === user.name && m.designation === user.designation);
  return (
    <>
      {committeeMayAct(grievance) && (
        <>
          <ActionCard title={grievance.hearing ? 'Move the hearing' : 'Schedule the hearing'}>
            <HearingForm key={grievance.hearing?.at ?? 'none'} grievance={grievance} />
          </ActionCard>
          <ActionCard title="Decide">
            <DecisionForm grievance={grievance} />
          </ActionCard>
        </>
      )}
      {grievance.status === 'Appealed' && ombudsperson === true && (
        <ActionCard title="Decide the appeal">
          <DecisionForm grievance={grievance} appeal />
        </ActionCard>
      )}
    </>
  );
}

/** A grievance the viewer may not see is not found (404), as any address that is no page. */
function GrievanceNotFound({ user }: { user: TUser }) {
  return (
    <div className="py-8 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{MSG_GRIEVANCE.notFound}</h1>
      <p className="mt-3 text-slate-700">{MSG_SHELL.notFoundWhy}</p>
      <LinkButton to={dashboardPath[user.role]} className="mt-6">
        Go to your dashboard
      </LinkButton>
    </div>
  );
}

/**
 * A grievance's page (CONTRACT 7.2), for its student and its committee's members (the Ombudsperson's
 * once appealed): what happens next and by when, the grievance with its hearing, decision and appeal,
 * the steps this viewer may take, the timeline oldest first and the messages.
 */
export function GrievancePage({ id, user }: { id: number; user: TUser }) {
  const query = useGrievance(id);
  useDocumentTitle(query.data ? `Grievance ${query.data.number}` : 'Grievance');
  useErrorToast(query.data ? query.error : null, (error) => errorMessage(error, FAILED));
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  if (notFound || !(Number.isSafeInteger(id) && id > 0))
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <GrievanceNotFound user={user} />
      </section>
    );
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <QueryState query={query} errorText={errorMessage(query.error, FAILED)} reserve="min-h-svh">
        {(g) => (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold text-brand-900">Grievance {g.number}</h1>
              <GrievanceStatus status={g.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {g.category} · {COMMITTEE_NAMES[g.committee]}
            </p>
            <WhatNext grievance={g} student={user.role === 'student'} />
            <Details grievance={g} />
            <Actions grievance={g} user={user} />
            <Timeline grievance={g} />
            <Messages grievance={g} />
          </>
        )}
      </QueryState>
    </section>
  );
}
