import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

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

/** Filters as a query string: empty and false values, and page 1, are left out. */
export function filterParams(filters: Record<string, string | number | boolean | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined || value === false || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}

export type TUrlFilters<K extends string> = {
  /** Each filter as the URL holds it, '' when absent. */
  values: Record<K, string>;
  page: number;
  before: number | undefined;
  /** The filters' identity, without the page: a new one starts the page cursors again. */
  scope: string;
  /** How many of `counted` (every filter by default) are set: the "Filters" disclosure says it. */
  setCount: (counted?: readonly K[]) => number;
  /** Applies a change at once, from the first page; the other filters stay. */
  set: (change: Partial<Record<K, string | boolean>>) => void;
  /** Another page of the same filters. */
  setPage: (page: number, before: number | undefined) => void;
  /** Every filter gone. */
  clear: () => void;
};

/**
 * A screen's filters in its URL (?key=value&page=&before=), one way for every list, the reports and
 * the audit log: the URL is the filters' one copy (a link, back and forward, a reload all show the
 * same), and a change applies at once (`set`), the page starting again. A boolean is kept as
 * `true` or left out. Parameters other than `keys`, `page` and `before` are dropped by a change.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]): TUrlFilters<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  return useMemo(() => {
    const values = Object.fromEntries(keys.map((k) => [k, searchParams.get(k) ?? ''])) as Record<K, string>;
    const { page, before } = pageFromParams(searchParams);
    const write = (next: Record<string, string | number | boolean | undefined>) =>
      setSearchParams(filterParams(next));
    return {
      values,
      page,
      before,
      scope: keys.map((k) => values[k]).join('|'),
      setCount: (counted = keys) => counted.filter((k) => values[k] !== '').length,
      set: (change) => write({ ...values, ...change }),
      setPage: (to, start) => write({ ...values, page: to, before: to > 1 ? start : undefined }),
      clear: () => write({}),
    };
  }, [query, setSearchParams]);
}
