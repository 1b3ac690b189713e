/**
 * The one normalisation of search text (CONTRACT 6.2, decision 0025), applied where a complaint's
 * index text is written and to every word of `q`, so both sides always agree, on both dialects: the
 * databases are handed finished words (SQLite's FTS5 and PostgreSQL's tsvector then only store and
 * look them up, neither tokenises anything of its own that could differ).
 *
 * - Compatibility forms and accents go (NFKD, then the combining marks): "Café" is "cafe", "ﬁ" is "fi".
 * - Case goes (lower case).
 * - A hyphen or an apostrophe between two letters or digits joins them: "Wi-Fi" is "wifi", as "WiFi"
 *   is; "don't" is "dont".
 * - Anything else that is not a letter or a digit separates words (a lone surrogate too), so no query
 *   syntax of either database (quotes, `*`, `:`, `&`, `|`, `!`, parentheses, `NEAR`'s brackets) can
 *   reach it: every word is letters and digits only.
 * - A word is cut at WORD_MAX characters (PostgreSQL refuses a lexeme over 2 KiB).
 */
export const WORD_MAX = 60;

const JOINERS = /([\p{L}\p{N}])[-\u2010\u2011'\u2019]+(?=[\p{L}\p{N}])/gu;
const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** The words of a text, normalised, in order (repeats kept). */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  // a lone surrogate is neither a letter nor a digit: it separates words like any other sign
  const folded = text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(JOINERS, '$1');
  return folded
    .split(SEPARATORS)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > WORD_MAX ? [...w].slice(0, WORD_MAX).join('') : w));
}

/** A complaint's index text: the distinct words of its parts, separated by single spaces. */
export function searchDocument(parts: (string | null | undefined)[]): string {
  const words = new Set<string>();
  for (const part of parts) for (const w of searchWords(part)) words.add(w);
  return [...words].join(' ');
}

/**
 * What `q` asks for: its words as typed (split on white space), each with its normalised parts. A
 * word matches a complaint when it is the complaint's token, roll or room number (`raw`, whole,
 * case-insensitive) or when every one of its `parts` begins a word of the complaint's index text.
 * A word with no letter or digit (`"`, `*`, `-`) can match nothing and is left out; `null` when
 * nothing is left, which is a search that matches nothing, never everything.
 */
export interface SearchTerm {
  raw: string;
  parts: string[];
}

export function searchTerms(q: string): SearchTerm[] | null {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (const raw of q.split(/\s+/u)) {
    const parts = searchWords(raw);
    if (parts.length === 0) continue;
    const key = raw.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ raw, parts });
  }
  return terms.length === 0 ? null : terms;
}
