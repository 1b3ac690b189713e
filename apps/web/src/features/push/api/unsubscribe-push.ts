import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** CONTRACT 6.3: `DELETE /api/me/push-subscriptions` `{ endpoint }`. */
const unsubscribePush = (endpoint: string) =>
  api.delete<{ message: string }>('/me/push-subscriptions', { body: { endpoint } });

export const useUnsubscribePush = () => useMutation({ mutationFn: unsubscribePush });
