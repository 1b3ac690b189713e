import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { makeQueryClient } from '../lib/react-query';

// Loaded beside the entry chunk, not in it; toasts raised before it mounts are queued by react-toastify.
// Should its code not come (a flaky connection), the app goes on without toasts rather than fall over.
// The container and its rules (one at a time on a phone) are in layout/toast-host.tsx.
const ToastHost = lazy<ComponentType>(() =>
  import('./layout/toast-host').then(
    (m) => ({ default: m.ToastHost }),
    () => ({ default: () => null }),
  ),
);

/** Everything the screens share: server cache, session, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
