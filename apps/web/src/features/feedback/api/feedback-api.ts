import type { TPendingFeedbackList, TSubmitFeedbackRequest } from '@bit/contract';
import { api } from '../../../lib/api-client';

export const pendingFeedbackKey = ['feedback', 'pending'] as const;

/** The signed-in student's Resolved complaints not yet rated. */
export function getPendingFeedback() {
  return api.get<TPendingFeedbackList>('/feedback/pending');
}

export function submitFeedback(body: TSubmitFeedbackRequest) {
  return api.post<{ message: string }>('/feedback', body);
}
