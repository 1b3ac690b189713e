import { MSG_SEARCH, SEARCH_MAX } from '@bit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/form-field';

/** How long typing pauses before the list is searched: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A list's search text as its URL holds it (`?q=`), trimmed; '' for none. */
export const searchFromParams = (params: URLSearchParams) =>
  (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);

/**
 * The search box of a complaint list (CONTRACT 6.2): what is typed is searched once typing pauses
 * (SEARCH_DEBOUNCE_MS) or at once with Enter; the list keeps it in its URL (`?q=`), so `value` is the
 * URL's and the box follows it (back and forward, a shared link).
 */
export function ComplaintSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // the URL changed under the box (back, forward, Clear search): show its text
  useEffect(() => {
    setText((shown) => (shown.trim() === value ? shown : value));
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => latest.current(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; the role says the same
    <form
      role="search"
      aria-label="Complaint search"
      className="w-full sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== value) onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className={labelClass}>
        Search complaints
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        value={text}
        maxLength={SEARCH_MAX}
        placeholder="Words, token, roll or room number"
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}

/** The empty state of a search: nothing matched `q`, and a way back to the whole list. */
export function NoMatch({ q, onClear }: { q: string; onClear: () => void }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <p className="text-slate-600">
        {MSG_SEARCH.noMatch} “<span className="break-all">{q}</span>”.
      </p>
      <Button variant="secondary" onClick={onClear}>
        Clear search
      </Button>
    </div>
  );
}
