import type { TAdminStats, TFeedbackPage } from '@bit/contract';
import { api } from '../../../lib/api-client';

export const RECENT_FEEDBACK_SIZE = 5;

export function getAdminStats() {
  return api.get<TAdminStats>('/complaints/admin/stats');
}

export function getRecentFeedback() {
  return api.get<TFeedbackPage>('/feedback', { query: { page: 1, pageSize: RECENT_FEEDBACK_SIZE } });
}
