import type { TPendingFeedbackList, TSubmitFeedbackRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './keys';

const submitFeedback = (body: TSubmitFeedbackRequest) => api.post<{ message: string }>('/feedback', body);

/** Rates a complaint; it leaves the list of complaints to rate at once, before the list is read again. */
export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: (_res, { complaintId }) => {
      client.setQueryData<TPendingFeedbackList>(feedbackKeys.pending(), (old) =>
        old ? { ...old, data: old.data.filter((c) => c.id !== complaintId) } : old,
      );
      void client.invalidateQueries({ queryKey: feedbackKeys.pending() });
    },
  });
}
