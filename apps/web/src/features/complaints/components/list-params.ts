// The page and the query string are read and written by the one URL-filters hook's helpers
// (hooks/use-url-filters.ts), shared with the reports and the audit log.
export { filterParams as toParams, pageFromParams } from '../../../hooks/use-url-filters';

/** `?incident=<id>`: one incident's complaints (CONTRACT 6.1), or undefined. */
export function incidentParam(params: URLSearchParams): string | undefined {
  const raw = params.get('incident') ?? '';
  return /^[1-9][0-9]{0,14}$/.test(raw) ? raw : undefined;
}
