import { useEffect } from 'react';
import { toast } from 'react-toastify';

/** Toasts once for each new error a query reports. */
export function useErrorToast(error: unknown, message: (error: unknown) => string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per error object, whatever the message maker
  useEffect(() => {
    if (error) toast.error(message(error));
  }, [error]);
}
