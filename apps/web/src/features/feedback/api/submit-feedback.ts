import type { TPendingFeedbackList, TSubmitFeedbackRequest } from '@bit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './keys';

const submitFeedback = (body: TSubmitFeedbackRequest) => api.post<{ message: string }>('/feedback', body);

/**
 * Rates a complaint; it leaves the list of complaints to rate at once, before the list is read again,
 * and the complaints are read again to show the rating given.
 */
export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: (_res, { complaintId }) => {
      client.setQueryData<TPendingFeedbackList>(feedbackKeys.pending(), (old) =>
        old ? { ...old, data: old.data.filter((c) => c.id !== complaintId) } : old,
      );
      void client.invalidateQueries({ queryKey: feedbackKeys.pending() });
      // every complaint list and page (the complaints feature's keys start so): they show the rating now
      void client.invalidateQueries({ queryKey: ['complaints'] });
    },
  });
}
