// The one normalisation of search text, without zod: the server's index and queries use it
// (apps/server/src/lib/search-text.ts re-exports it) and the web's lists mark what matched with it.
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

/** A part of a text, marked when a word of the search matched it (`Highlighted` on the web). */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** A run of letters and digits, joined by the hyphens and apostrophes `searchWords` joins on. */
const TEXT_WORDS = /[\p{L}\p{N}\p{M}]+(?:[-\u2010\u2011'\u2019]+[\p{L}\p{N}\p{M}]+)*/gu;

/**
 * `text` cut into pieces, a word marked where the search `q` matched it by the same rules as the
 * server's: one of a term's normalised parts begins the word's normalised form, or the term is the
 * word whole (a token, roll or room number). Plain text pieces, for the caller to draw as text (no
 * HTML is made here, so nothing in `text` or `q` can become markup).
 */
export function highlightPieces(text: string, q: string): TextPiece[] {
  const terms = q ? searchTerms(q) : null;
  if (!terms || !text) return [{ text, match: false }];
  const parts = terms.flatMap((t) => t.parts);
  const whole = new Set(terms.map((t) => t.raw.toLowerCase()));
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const found of text.matchAll(TEXT_WORDS)) {
    const word = found[0];
    const normal = searchWords(word);
    const matched = whole.has(word.toLowerCase()) || normal.some((w) => parts.some((p) => w.startsWith(p)));
    if (!matched) continue;
    const start = found.index ?? 0;
    if (start > at) pieces.push({ text: text.slice(at, start), match: false });
    pieces.push({ text: word, match: true });
    at = start + word.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), match: false });
  return pieces;
}
