import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { dismissStaleToasts } from '../lib/stale-toasts';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  // an error toast speaks of the screen it was raised on: leaving the screen dismisses it
  useEffect(() => dismissStaleToasts(router), [router]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
