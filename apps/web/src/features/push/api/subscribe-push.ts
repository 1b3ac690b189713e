import type { TPushSubscriptionRequest } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** CONTRACT 6.3: `POST /api/me/push-subscriptions`, this browser's subscription (PushSubscription.toJSON()). */
const subscribePush = (body: TPushSubscriptionRequest) =>
  api.post<{ message: string }>('/me/push-subscriptions', body);

export const useSubscribePush = () => useMutation({ mutationFn: subscribePush });
