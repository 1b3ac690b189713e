import { RECENT_FEEDBACK_SIZE, type TFeedbackPage } from '@bit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminDashboardKeys } from './keys';

/** The newest ratings, for the dashboard's panel. */
const getRecentFeedback = () =>
  api.get<TFeedbackPage>('/feedback', { query: { page: 1, pageSize: RECENT_FEEDBACK_SIZE } });

const recentFeedbackQueryOptions = () =>
  queryOptions({ queryKey: adminDashboardKeys.recentFeedback(), queryFn: getRecentFeedback });

export const useRecentFeedback = () => useQuery(recentFeedbackQueryOptions());
