import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { TableScroll } from '../../../components/ui/table-scroll';
import { SM_UP, useMediaQuery } from '../../../hooks/use-media-query';

/** The Reports screen's parts and tables of figures: the complaint report's and the grievance report's. */

/**
 * A titled part of the report, kept on one printed page where it fits. Not a landmark: its table is
 * the named region (TableScroll), and two regions of one name would only repeat each other.
 */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6 break-inside-avoid">
      <Card className="print:border-slate-300 print:shadow-none">
        <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
        {children}
      </Card>
    </div>
  );
}

const thClass = 'px-3 py-2 font-semibold whitespace-nowrap text-slate-700';
const tdClass = 'px-3 py-2 whitespace-nowrap text-slate-800';
const numClass = 'text-right tabular-nums';

export type TColumn = { header: string; numeric?: boolean };

/**
 * A table of figures: the first column names the row, numbers are right-aligned. Below Tailwind's
 * `sm`, each row is a small list of its figures instead, so nothing scrolls sideways on a phone.
 */
export function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly TColumn[];
  rows: ReadonlyArray<{ key: string; cells: ReactNode[] }>;
}) {
  const wide = useMediaQuery(SM_UP, true);
  if (!wide) {
    return (
      <ul aria-label={caption} className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows.map((row) => (
          <li key={row.key} className="break-inside-avoid p-3">
            <p className="text-sm font-medium text-slate-900">{row.cells[0]}</p>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm">
              {columns.slice(1).map((c, i) => (
                <div key={c.header} className="contents">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className={`text-slate-800 ${numClass}`}>{row.cells[i + 1]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <TableScroll label={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? `${thClass} ${numClass}` : thClass}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => (
            <tr key={row.key} className="break-inside-avoid">
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={columns[i]?.header} scope="row" className={`${tdClass} font-medium`}>
                    {cell}
                  </th>
                ) : (
                  <td
                    key={columns[i]?.header}
                    className={columns[i]?.numeric ? `${tdClass} ${numClass}` : tdClass}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
