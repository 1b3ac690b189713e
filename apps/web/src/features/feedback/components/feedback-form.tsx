import {
  COMMENTS_MAX,
  complaintStatusPath,
  MSG,
  RATING_MAX,
  type TSubmitFeedbackRequest,
  tokenInAddress,
  ZSubmitFeedbackRequest,
} from '@bit/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { QueryState } from '../../../components/query-state';
import { SubmitButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SHELL_HEADINGS } from '../../../config/headings';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { formSchema, useSchemaForm } from '../../../lib/form';
import { usePendingFeedback } from '../api/get-pending-feedback';
import { useSubmitFeedback } from '../api/submit-feedback';
import { ComplaintPicker } from './complaint-picker';
import { RatingInput } from './rating-input';

type TValues = { complaintId: string; rating: number | null; comments: string };

// no star chosen: a preselected score biases every rating (SPEC's default of 5 is dropped for it)
const EMPTY: TValues = { complaintId: '', rating: null, comments: '' };

/** The shared schema over what the form holds: the chosen complaint's id as text, blank comments as none. */
const schema = formSchema<TValues, TSubmitFeedbackRequest>(
  z.preprocess((v) => {
    const { complaintId, rating, comments } = v as TValues;
    return {
      complaintId: complaintId ? Number(complaintId) : undefined,
      rating: rating ?? undefined,
      comments: comments.trim() ? comments : null,
    };
  }, ZSubmitFeedbackRequest),
);

/**
 * /feedback: a student rates one of their Resolved complaints that is not yet rated. `?token=` (the
 * "Rate this resolution" buttons and the Resolved mail) chooses that complaint; the rating given is
 * said back once sent.
 */
export function FeedbackForm() {
  useDocumentTitle('Feedback');
  const pending = usePendingFeedback();
  const submit = useSubmitFeedback();
  const form = useSchemaForm(schema, { defaultValues: EMPTY });
  const [given, setGiven] = useState<{ token: string; rating: number } | null>(null);
  // once sent, focus goes to the rating said back: the form it was in may be gone (the last to rate)
  const givenRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (given) givenRef.current?.focus();
  }, [given]);
  const askedToken = tokenInAddress(useSearchParams()[0]);
  const asked = pending.data?.data.find((c) => c.token === askedToken);

  // the complaint the link named is chosen once the list of those awaiting a rating has come
  const { setValue } = form;
  useEffect(() => {
    if (asked) setValue('complaintId', String(asked.id));
  }, [asked, setValue]);

  const onValid = (body: TSubmitFeedbackRequest) =>
    submit.mutate(body, {
      onSuccess: (res) => {
        toast.success(res?.message || MSG.feedbackSubmitted);
        const token = pending.data?.data.find((c) => c.id === body.complaintId)?.token ?? '';
        setGiven({ token, rating: body.rating });
        form.reset(EMPTY);
      },
      onError: form.refused((error) => errorMessage(error, MSG.feedbackFailed)),
    });

  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.feedback}</h1>
      <p className="mt-1 text-sm text-slate-600">Rate how a resolved complaint was handled.</p>
      {given && (
        <p
          ref={givenRef}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-lg bg-status-resolved-bg p-4 text-sm text-status-resolved"
        >
          You rated {given.token} {given.rating} of {RATING_MAX}.{' '}
          <Link to={complaintStatusPath(given.token)} className="font-medium underline">
            View the complaint
          </Link>
        </p>
      )}
      {askedToken && !asked && !given && pending.data && (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {askedToken} is not waiting for a rating: it is not resolved, or it was rated already.
        </p>
      )}
      <Card className="mt-6">
        <QueryState
          query={pending}
          errorText={errorMessage(pending.error, MSG.fetchYourComplaintsFailed)}
          isEmpty={(list) => list.data.length === 0}
          empty={
            <div role="status">
              <p className="font-medium text-slate-800">No complaints to rate.</p>
              <p className="mt-1 text-sm text-slate-600">
                Once one of your complaints is resolved, you can rate it here.{' '}
                <Link to={paths.studentDashboard} className="font-medium text-brand-700 underline">
                  Back to your dashboard
                </Link>
              </p>
            </div>
          }
        >
          {(list) => (
            <form ref={form.ref} onSubmit={form.submit(onValid)} noValidate className="space-y-5">
              <ComplaintPicker
                label="Complaint"
                placeholder="Select a resolved complaint"
                options={list.data.map((c) => ({ value: String(c.id), label: `${c.token} — ${c.subType}` }))}
                {...form.field('complaintId')}
              />
              <RatingInput
                name="rating"
                value={form.values.rating ?? null}
                onChange={(n) => form.setValue('rating', n, { shouldValidate: form.formState.isSubmitted })}
                error={form.formState.errors.rating?.message}
              />
              <TextAreaField
                label="Comments (optional)"
                rows={4}
                maxLength={COMMENTS_MAX}
                {...form.field('comments')}
              />
              <SubmitButton pending={submit.isPending} pendingText="Submitting…">
                Submit Feedback
              </SubmitButton>
            </form>
          )}
        </QueryState>
      </Card>
    </section>
  );
}
