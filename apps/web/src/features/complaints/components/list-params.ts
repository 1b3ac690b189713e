/** The page a list's URL opens at: ?page= and, past page 1, ?before= (where that page starts). */
export function pageFromParams(params: URLSearchParams): { page: number; before: number | undefined } {
  const page = Number(params.get('page'));
  const before = Number(params.get('before'));
  const onPage = Number.isInteger(page) && page >= 1 ? page : 1;
  return {
    page: onPage,
    // a page's start only means something past page 1
    before: onPage > 1 && Number.isSafeInteger(before) && before >= 1 ? before : undefined,
  };
}

/** `?incident=<id>`: one incident's complaints (CONTRACT 6.1), or undefined. */
export function incidentParam(params: URLSearchParams): string | undefined {
  const raw = params.get('incident') ?? '';
  return /^[1-9][0-9]{0,14}$/.test(raw) ? raw : undefined;
}

/** A list's filters as its query string: empty and false values, and page 1, are left out. */
export function toParams(filters: Record<string, string | number | boolean | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined || value === false || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}
