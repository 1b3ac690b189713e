import { useId } from 'react';

type TBar = { label: string; value: number; colour?: string };

/**
 * Horizontal CSS bars, each labelled with its name and number. The figures are plain text in a list,
 * so screen readers get them without the drawing (which is hidden from them).
 */
export function BarChart({ title, bars, empty }: { title: string; bars: TBar[]; empty?: string }) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure aria-labelledby={titleId} className="m-0">
      <figcaption id={titleId} className="text-lg font-semibold text-brand-900">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty ?? 'Nothing to show yet.'}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {bars.map((bar) => (
            <li key={bar.label} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-2 text-sm">
              <span className="truncate text-slate-700">{bar.label}</span>
              <span aria-hidden="true" className="h-4 rounded bg-slate-100">
                <span
                  className={`block h-4 rounded ${bar.colour ?? 'bg-brand-600'}`}
                  style={{ width: `${(bar.value / max) * 100}%` }}
                />
              </span>
              <span className="text-right font-semibold tabular-nums text-slate-900">{bar.value}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
