import { MSG_SHELL } from '@bit/contract';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { NeedsConnection } from '../../components/needs-connection';
import { buttonClass } from '../../components/ui/button';
import { dashboardPath, paths } from '../../config/paths';
import { useAuth } from '../../features/auth/components/auth-provider';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isChunkLoadError, retryFailedImports } from '../../lib/chunk-errors';

/**
 * The router's error page: unknown routes (a 404 with the way home), code that could not be loaded (a
 * part of a screen, such as a dialog, offline: "This screen needs a connection" with Retry), and SPEC's
 * "Unexpected Application Error!" for anything else a screen throws.
 */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isChunkLoadError(error)) return <PartNeedsConnection />;
  return <UnexpectedError error={error} />;
}

/** Imports again what failed (lib/chunk-errors.ts) and draws the screen anew at the same address. */
function PartNeedsConnection() {
  useDocumentTitle(MSG_SHELL.needsConnection);
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const retry = async () => {
    // nothing to import again (code loaded without lazyWithRetry): reloadIfOnline's turn
    if ((await retryFailedImports()).length === 0) throw new Error('nothing to retry');
    // another location resets the route's error boundary
    navigate({ pathname, search, hash }, { replace: true, state });
  };
  return <NeedsConnection retry={retry} />;
}

function NotFound() {
  useDocumentTitle('Page Not Found');
  const { user } = useAuth();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{MSG_SHELL.notFound}</h1>
      <p className="mt-3 text-slate-700">{MSG_SHELL.notFoundWhy}</p>
      <Link to={user ? dashboardPath[user.role] : paths.home} className={buttonClass('primary', 'mt-6')}>
        {user ? 'Go to your dashboard' : 'Go to the home page'}
      </Link>
    </section>
  );
}

function UnexpectedError({ error }: { error: unknown }) {
  useDocumentTitle('Error');
  let detail: string;
  if (isRouteErrorResponse(error)) {
    const text = error.statusText || (typeof error.data === 'string' ? error.data : '');
    detail = `${error.status} ${text}`.trim();
  } else {
    detail = error instanceof Error ? error.message : 'Something went wrong';
    console.error(error);
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{MSG_SHELL.unexpectedError}</h1>
      <p className="mt-3 text-lg text-slate-700">{detail}</p>
      <Link to={paths.home} className={buttonClass('primary', 'mt-6')}>
        Go to the home page
      </Link>
    </section>
  );
}
