import { RATING_MAX, RATING_MIN } from '@bit/contract';
import { type KeyboardEvent, useId, useRef } from 'react';

const values = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * A 1-to-5 star rating: native radio buttons, hidden behind their star, so it is one Tab stop (the
 * checked star) and the arrow keys move and select; Home/End jump to the ends, which radios lack.
 * It starts with no star chosen (`value` null): a preselected score would bias every rating. `name`
 * lets the form find it to point at; `error` is the failing check's message, shown under the stars.
 */
export function RatingInput({
  value,
  onChange,
  label = 'Rating',
  name: givenName,
  error,
}: {
  value: number | null;
  onChange: (value: number) => void;
  label?: string;
  name?: string;
  error?: string | undefined;
}) {
  const labelId = useId();
  const autoName = useId();
  const errorId = useId();
  const name = givenName ?? autoName;
  const refs = useRef<Array<HTMLInputElement | null>>([]);

  const move = (next: number) => {
    const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, next));
    onChange(clamped);
    refs.current[clamped - RATING_MIN]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // with no star chosen yet, the keys move from the star in focus
    const from = value ?? Number(event.currentTarget.value);
    const keys: Record<string, number> = {
      ArrowRight: from + 1,
      ArrowUp: from + 1,
      ArrowLeft: from - 1,
      ArrowDown: from - 1,
      Home: RATING_MIN,
      End: RATING_MAX,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    // the browser would move too, from the radio in focus rather than the one chosen
    event.preventDefault();
    move(next);
  };

  return (
    <div>
      <span id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className="flex items-center gap-1"
      >
        {values.map((n) => (
          <label
            key={n}
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              ref={(el) => {
                refs.current[n - RATING_MIN] = el;
              }}
              type="radio"
              name={name}
              value={n}
              checked={n === value}
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
              onChange={() => onChange(n)}
              onKeyDown={onKeyDown}
              className="sr-only"
            />
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className={`size-8 ${value !== null && n <= value ? 'fill-accent-400 stroke-accent-500' : 'fill-none stroke-slate-400'}`}
              strokeWidth={1.5}
            >
              <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
            </svg>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value === null ? 'Not rated yet' : `${value} / ${RATING_MAX}`}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-status-other">
          {error}
        </p>
      )}
    </div>
  );
}
