// The search's limit and messages without zod: the lists' search box imports them, and complaints.ts
// also holds the schemas, which would bring zod into screens that show no form (scripts/size-check.mjs).
/** CONTRACT 6.2: the longest search text. */
export const SEARCH_MAX = 100;

export const MSG_SEARCH = {
  notText: 'q must be text',
  tooLong: `q must be at most ${SEARCH_MAX} characters`,
  noMatch: 'No complaints match',
} as const;
