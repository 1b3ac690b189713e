import { MSG_SEARCH, SEARCH_MAX } from '@bit/contract';
import { useId } from 'react';
import { FILTER_DEBOUNCE_MS, useDebouncedText } from '../../../components/filter-bar';
import { Button } from '../../../components/ui/button';
import { inputClass, labelClass } from '../../../components/ui/form-field';
import { useOffline } from '../../../hooks/use-offline';

/** How long typing pauses before the list is searched: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = FILTER_DEBOUNCE_MS;

/** What the box takes, said in a line that fits the box on a 360 px phone. */
export const SEARCH_PLACEHOLDER = 'Word, token, roll, room';

/**
 * Under a search box while offline, once something is typed (issue 51 row 24: "Searching..." for
 * ever): the search waits for the connection, and runs by itself when it is back.
 */
export const SEARCH_OFFLINE =
  'You are offline: searching needs a connection. It runs once you are back online.';

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
  const typed = useDebouncedText(value, onSearch);
  const offline = useOffline();

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; the role says the same
    <form
      role="search"
      aria-label="Complaint search"
      className="w-full sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        typed.commit();
      }}
    >
      <label htmlFor={id} className={labelClass}>
        Search complaints
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        value={typed.text}
        maxLength={SEARCH_MAX}
        // short enough for a 360 px phone (issue 51 row 17: the longer one was cut off)
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        onChange={typed.onChange}
      />
      {offline && typed.text.trim() !== '' && (
        <p role="status" className="mt-1 text-sm text-status-pending">
          {SEARCH_OFFLINE}
        </p>
      )}
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
