// Two small hand-drawn SVG charts (a chart library would weigh more than the whole page). Each is
// hidden from screen readers: the table beside it holds the same figures, which is also what prints
// and copies well.

import { formatMonthName } from '../../../lib/dates';

const count = new Intl.NumberFormat('en-IN');

/** A round top for the scale: 7 → 7, 37 → 40, 123 → 150, 1234 → 1500. */
export function scaleTop(max: number): number {
  if (max <= 10) return Math.max(1, Math.ceil(max));
  const step = 10 ** (Math.floor(Math.log10(max)) - 1) * 5;
  return Math.ceil(max / step) * step;
}

/** The gridlines of a scale: 0, the middle when it is a whole number, the top. */
const ticksOf = (top: number) => (top % 2 === 0 ? [0, top / 2, top] : [0, top]);

/** "Jan" of a YYYY-MM month, and its year where a year starts (or the chart does). */
function monthLabel(month: string, first: boolean): [string, string | null] {
  if (Number.isNaN(Date.parse(`${month}-01T00:00:00Z`))) return [month, null];
  return [formatMonthName(month), first || month.endsWith('-01') ? month.slice(0, 4) : null];
}

export type TMonthBars = { month: string; filed: number; resolved: number };

/** Filed and resolved side by side for each month, on one scale. */
export function MonthChart({ months }: { months: readonly TMonthBars[] }) {
  const [W, H, left, right, top, bottom] = [640, 230, 40, 8, 12, 40];
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const scale = scaleTop(Math.max(0, ...months.flatMap((m) => [m.filed, m.resolved])));
  const y = (v: number) => top + plotH - (v / scale) * plotH;
  const group = plotW / Math.max(1, months.length);
  const bar = Math.min(18, group * 0.36);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      focusable="false"
      className="h-auto w-full"
      fontSize={12}
    >
      {ticksOf(scale).map((t) => (
        <g key={t}>
          <line x1={left} x2={W - right} y1={y(t)} y2={y(t)} className="stroke-slate-200" />
          <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-slate-600">
            {count.format(t)}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const mid = left + group * i + group / 2;
        const [name, year] = monthLabel(m.month, i === 0);
        return (
          <g key={m.month}>
            <rect
              x={mid - bar - 1}
              y={y(m.filed)}
              width={bar}
              height={top + plotH - y(m.filed)}
              className="fill-brand-600"
            />
            <rect
              x={mid + 1}
              y={y(m.resolved)}
              width={bar}
              height={top + plotH - y(m.resolved)}
              className="fill-status-resolved"
            />
            <text x={mid} y={H - bottom + 16} textAnchor="middle" className="fill-slate-700">
              {name}
            </text>
            {year && (
              <text x={mid} y={H - bottom + 31} textAnchor="middle" className="fill-slate-500">
                {year}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The key of MonthChart's colours, as text (it is read, unlike the chart). */
export function MonthChartKey() {
  const swatch = (colour: string) => (
    <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3">
      <rect width="12" height="12" rx="2" className={colour} />
    </svg>
  );
  return (
    <p className="flex flex-wrap gap-4 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1.5">{swatch('fill-brand-600')} Filed</span>
      <span className="inline-flex items-center gap-1.5">{swatch('fill-status-resolved')} Resolved</span>
    </p>
  );
}

export type TBar = { label: string; value: number; colour: string };

/** Horizontal bars, each with its label and number. */
export function BarsChart({ bars }: { bars: readonly TBar[] }) {
  const [W, row, left, right] = [480, 32, 96, 56];
  const max = Math.max(1, ...bars.map((b) => b.value));
  const H = bars.length * row;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      focusable="false"
      className="h-auto w-full max-w-xl"
      fontSize={13}
    >
      {bars.map((b, i) => {
        const width = ((W - left - right) * b.value) / max;
        const mid = i * row + row / 2;
        return (
          <g key={b.label}>
            <text x={left - 8} y={mid} dy="0.32em" textAnchor="end" className="fill-slate-700">
              {b.label}
            </text>
            <rect
              x={left}
              y={mid - 9}
              width={W - left - right}
              height={18}
              rx={3}
              className="fill-slate-100"
            />
            <rect x={left} y={mid - 9} width={width} height={18} rx={3} className={b.colour} />
            <text x={left + width + 6} y={mid} dy="0.32em" className="fill-slate-900" fontWeight={600}>
              {count.format(b.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
