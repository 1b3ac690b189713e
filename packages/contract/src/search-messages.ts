// The search's limit and messages without zod: the lists' search box imports them, and complaints.ts
// also holds the schemas, which would bring zod into screens that show no form (scripts/size-check.mjs).
/** CONTRACT 6.2: the longest search text. */
export const SEARCH_MAX = 100;

/**
 * A search counts what it matches up to this many (decision 0025): beyond it the page says
 * `countAtLeast` and `count` is this, as a search engine says "more than 1,000 results"; its pages
 * go on past it.
 */
export const SEARCH_COUNT_MAX = 1000;

export const MSG_SEARCH = {
  notText: 'q must be text',
  tooLong: `q must be at most ${SEARCH_MAX} characters`,
  noMatch: 'No complaints match',
  /** a list's count line: "1 complaint", "12 complaints", or past SEARCH_COUNT_MAX "More than 1,000 complaints" */
  count: (count: number, atLeast = false) =>
    atLeast
      ? `More than ${count.toLocaleString('en-IN')} complaints`
      : `${count.toLocaleString('en-IN')} ${count === 1 ? 'complaint' : 'complaints'}`,
} as const;
