import { MSG_SHELL } from '@bit/contract';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** The router's error page: unknown routes (404) and anything a screen throws. */
export function ErrorPage() {
  const error = useRouteError();
  let detail: string;
  if (isRouteErrorResponse(error)) {
    const text = error.statusText || (typeof error.data === 'string' ? error.data : '');
    detail = `${error.status} ${text}`.trim();
  } else {
    detail = error instanceof Error ? error.message : 'Something went wrong';
    console.error(error);
  }
  useDocumentTitle(isRouteErrorResponse(error) && error.status === 404 ? 'Page Not Found' : 'Error');

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
