import { highlightPieces } from '@bit/contract';
import { createContext, type ReactNode, useContext } from 'react';

const SearchText = createContext('');

/** The search a list shows the results of: every `Highlighted` inside marks what it matched. */
export function SearchHighlight({ q, children }: { q: string; children: ReactNode }) {
  return <SearchText.Provider value={q}>{children}</SearchText.Provider>;
}

/**
 * A text of a result with the words the list's search matched in `<mark>`, by the rules the server
 * matched them with (the contract's `highlightPieces`). Every piece is drawn as React text, never as
 * HTML, so neither the text nor the search can inject markup.
 */
export function Highlighted({ text }: { text: string | null | undefined }) {
  const q = useContext(SearchText);
  if (!q || !text) return <>{text}</>;
  let at = 0;
  return (
    <>
      {highlightPieces(text, q).map((piece) => {
        const key = at;
        at += piece.text.length;
        return piece.match ? (
          <mark key={key} className="rounded-sm bg-amber-200 px-0.5 text-inherit">
            {piece.text}
          </mark>
        ) : (
          <span key={key}>{piece.text}</span>
        );
      })}
    </>
  );
}
