import type { TPendingFeedbackList } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './keys';

/** The signed-in student's Resolved complaints not yet rated. */
const getPendingFeedback = () => api.get<TPendingFeedbackList>('/feedback/pending');

const pendingFeedbackQueryOptions = () =>
  queryOptions({ queryKey: feedbackKeys.pending(), queryFn: getPendingFeedback });

export const usePendingFeedback = () => useQuery(pendingFeedbackQueryOptions());
