import { useEffect } from 'react';
import { toast } from 'react-toastify';

/**
 * Toasts once for each new error a query reports. `toastId`: screens whose reads fail together (or
 * one list shown on two screens) say so once.
 */
export function useErrorToast(error: unknown, message: (error: unknown) => string, toastId?: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per error object, whatever the message maker
  useEffect(() => {
    if (!error) return;
    if (toastId) toast.error(message(error), { toastId });
    else toast.error(message(error));
  }, [error]);
}
