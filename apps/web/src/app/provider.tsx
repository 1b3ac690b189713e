import { TOAST_AUTO_CLOSE_MS } from '@bit/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { makeQueryClient } from '../lib/react-query';

// Loaded beside the entry chunk, not in it; toasts raised before it mounts are queued by react-toastify.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

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
