import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from './ui/button';
import { TextField } from './ui/form-field';

/** How long typing pauses before a text filter (or a search) applies: one request per pause, not per key. */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * A screen's filters, one bar for every list, the reports and the audit log: each field applies as
 * it changes (a text once typing pauses, FILTER_DEBOUNCE_MS), so there is no Apply button; Clear
 * takes every filter away. On a phone (below Tailwind's `sm`) the fields fold under a "Filters"
 * button that says how many are set, so the first result stays in view; from `sm` on they show.
 * A field that is refused (`invalid`) opens the fold so its message is seen.
 */
export function FilterBar({
  label,
  setCount,
  onClear,
  invalid = false,
  children,
  className = '',
  fieldsClassName = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start',
  formRef,
}: {
  /** the form's name for screen readers: "Audit log filters" */
  label: string;
  setCount: number;
  onClear: () => void;
  invalid?: boolean;
  children: ReactNode;
  className?: string;
  fieldsClassName?: string;
  formRef?: Ref<HTMLFormElement>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const shown = open || invalid;
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setOpen(!shown)}
        className="inline-flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:hidden"
      >
        <span>
          Filters
          {setCount > 0 && (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-900">
              {setCount} set
            </span>
          )}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 transition-transform ${shown ? 'rotate-180' : ''}`}
          fill="none"
          stroke="currentColor"
        >
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M5 8l5 5 5-5" />
        </svg>
      </button>
      <form
        id={id}
        ref={formRef}
        aria-label={label}
        noValidate
        onSubmit={(event: FormEvent) => event.preventDefault()}
        className={`${shown ? 'mt-4 block' : 'hidden'} sm:mt-0 sm:block`}
      >
        <div className={fieldsClassName}>
          {children}
          <div className="flex items-end gap-3 lg:mt-6">
            <Button variant="secondary" onClick={onClear} disabled={setCount === 0}>
              Clear
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}

/**
 * Text kept while it is typed and handed on (`onCommit`) once typing pauses or with Enter; it
 * follows `value` when that changes under it (back and forward, Clear).
 */
export function useDebouncedText(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value);
  const latest = useRef(onCommit);
  latest.current = onCommit;

  useEffect(() => {
    setText((shown) => (shown.trim() === value ? shown : value));
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => latest.current(trimmed), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return {
    text,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
    /** Enter: at once */
    commit: () => {
      if (text.trim() !== value) latest.current(text.trim());
    },
  };
}

/** A text filter of the bar: applies once typing pauses, or at once with Enter. */
export function FilterText({
  label,
  value,
  onCommit,
  error,
  ...props
}: {
  label: string;
  value: string;
  onCommit: (text: string) => void;
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const typed = useDebouncedText(value, onCommit);
  return (
    <TextField
      label={label}
      value={typed.text}
      onChange={typed.onChange}
      onKeyDown={(event) => {
        if (event.key === 'Enter') typed.commit();
      }}
      error={error}
      {...props}
    />
  );
}
