import { TOAST_AUTO_CLOSE_MS } from '@bit/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { makeQueryClient } from '../lib/react-query';

// Loaded beside the entry chunk, not in it; toasts raised before it mounts are queued by react-toastify.
// Should its code not come (a flaky connection), the app goes on without toasts rather than fall over.
const ToastContainer = lazy<ComponentType<ToastContainerProps>>(() =>
  import('react-toastify').then(
    (m) => ({ default: m.ToastContainer }),
    () => ({ default: () => null }),
  ),
);

/** At most this many toasts at once (a form's next error toast replaces its last, lib/form.ts). */
const TOAST_LIMIT = 3;

/** Everything the screens share: server cache, session, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            newestOnTop
            limit={TOAST_LIMIT}
          />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
