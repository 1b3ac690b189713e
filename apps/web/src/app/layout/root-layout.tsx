import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { OfflineBanner } from './offline-banner';

// Loaded after the page: reading GET /api/config goes through the contract's schemas (zod), which
// would otherwise weigh on every first paint; dates use Asia/Kolkata until it answers (and, should its
// code not come on a flaky connection, after: the page goes on without it).
const ServerSettings = lazy<() => ReactNode>(() =>
  import('./server-settings').then(
    (m) => ({ default: m.ServerSettings }),
    () => ({ default: () => null }),
  ),
);

/** The app shell: skip link, navigation bar, the screen, footer. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:text-brand-800 focus:shadow-lg"
      >
        Skip to main content
      </a>
      <Navbar />
      <OfflineBanner />
      {/* at least a screen high: the footer starts below the first screen, so it never jumps up or
          down in view while a screen's data arrives (layout shift) */}
      <main id="main-content" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <ServerSettings />
      </Suspense>
    </div>
  );
}
