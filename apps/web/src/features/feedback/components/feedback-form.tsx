import { COMMENTS_MAX, MSG, RATING_DEFAULT, type TPendingFeedbackList } from '@bit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass, SelectField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage } from '../../../lib/api-client';
import { getPendingFeedback, pendingFeedbackKey, submitFeedback } from '../api/feedback-api';
import { RatingInput } from './rating-input';

/** /feedback: a student rates one of their Resolved complaints that is not yet rated. */
export function FeedbackForm() {
  useDocumentTitle('Feedback');
  const queryClient = useQueryClient();
  const commentsId = useId();
  const [complaintId, setComplaintId] = useState('');
  const [rating, setRating] = useState(RATING_DEFAULT);
  const [comments, setComments] = useState('');

  const pending = useQuery({ queryKey: pendingFeedbackKey, queryFn: getPendingFeedback });

  const mutation = useMutation({
    mutationFn: submitFeedback,
    onSuccess: (res, vars) => {
      toast.success(res?.message || MSG.feedbackSubmitted);
      queryClient.setQueryData<TPendingFeedbackList>(pendingFeedbackKey, (old) =>
        old ? { ...old, data: old.data.filter((c) => c.id !== vars.complaintId) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: pendingFeedbackKey });
      setComplaintId('');
      setRating(RATING_DEFAULT);
      setComments('');
    },
    onError: (error) => toast.error(errorMessage(error, MSG.feedbackFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complaintId) {
      toast.error(MSG.selectComplaint);
      return;
    }
    const text = comments.trim();
    mutation.mutate({ complaintId: Number(complaintId), rating, comments: text ? comments : null });
  };

  const items = pending.data?.data ?? [];

  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Feedback</h1>
      <p className="mt-1 text-sm text-slate-600">Rate how a resolved complaint was handled.</p>
      <Card className="mt-6">
        {pending.isPending ? (
          <p role="status" className="text-slate-600">
            {MSG.loading}
          </p>
        ) : pending.isError ? (
          <p role="alert" className="text-status-other">
            {errorMessage(pending.error, MSG.fetchYourComplaintsFailed)}
          </p>
        ) : items.length === 0 ? (
          <div role="status">
            <p className="font-medium text-slate-800">No complaints to rate.</p>
            <p className="mt-1 text-sm text-slate-600">
              Once one of your complaints is resolved, you can rate it here.{' '}
              <Link to={paths.studentDashboard} className="font-medium text-brand-700 underline">
                Back to your dashboard
              </Link>
            </p>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <SelectField
              label="Complaint"
              value={complaintId}
              onChange={(e) => setComplaintId(e.target.value)}
            >
              <option value="">Select a resolved complaint</option>
              {items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.token} — {c.subType}
                </option>
              ))}
            </SelectField>
            <RatingInput value={rating} onChange={setRating} />
            <div>
              <label htmlFor={commentsId} className="mb-1 block text-sm font-medium text-slate-700">
                Comments (optional)
              </label>
              <textarea
                id={commentsId}
                rows={4}
                maxLength={COMMENTS_MAX}
                value={comments}
                onChange={(e) => setComments(e.target.value)}
                className={inputClass}
              />
              <p className="mt-1 text-xs text-slate-500">
                {comments.length} / {COMMENTS_MAX}
              </p>
            </div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Submitting…' : 'Submit Feedback'}
            </Button>
          </form>
        )}
      </Card>
    </section>
  );
}
