import {
  COMMITTEE_NAMES,
  grievanceReportFileName,
  MSG_GRIEVANCE_REPORT,
  type TCommitteeKey,
} from '@bit/contract';
import { ExportCsvLink } from '../../../components/export-csv-link';
import { QueryState } from '../../../components/query-state';
import { formatDay, formatMonth } from '../../../lib/dates';
import { grievanceReportCsvUrl } from '../../../lib/export-url';
import { useGrievanceReport } from '../api/get-grievance-report';
import type { TGrievanceReportPeriod } from '../api/keys';
import { FigureTable, Part } from './figure-table';
import { formatCount, formatHours } from './format';

const COLUMNS = [
  { header: 'Committee' },
  { header: 'Month' },
  { header: 'Received', numeric: true },
  { header: 'Decided', numeric: true },
  { header: 'On time', numeric: true },
  { header: 'Appealed', numeric: true },
  { header: 'Appeals on time', numeric: true },
  { header: 'Past due', numeric: true },
  { header: 'Median working days', numeric: true },
] as const;

/**
 * The committees as the table names them: the short names the UGC's regulations and colleges use, so
 * that nine columns fit a laptop's width; the full name is the abbreviation's title and said below.
 */
const SHORT_NAMES: Record<TCommitteeKey, string> = {
  sgrc: 'SGRC',
  ombudsperson: 'Ombudsperson',
  'anti-ragging': 'Anti-Ragging',
  icc: 'ICC',
};

/** A median, or "—" (read as "No data") where nothing was decided. */
function Median({ value }: { value: number | null }) {
  const text = formatHours(value);
  if (text !== null) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No data</span>
    </>
  );
}

/**
 * The Reports screen's "Grievances" (CONTRACT 7.4): per committee and month of submission, over the
 * period the complaint report above covers, counts and the median working days to a decision, and
 * its CSV. Counts only: the server sends no subject and no name, the confidential committees counted
 * as the others.
 */
export function GrievanceReport({ period }: { period: TGrievanceReportPeriod }) {
  const query = useGrievanceReport(period);
  const updating = query.isPlaceholderData && query.isFetching;
  return (
    <Part title={MSG_GRIEVANCE_REPORT.title}>
      <QueryState query={query} errorText={MSG_GRIEVANCE_REPORT.failed} className="mt-3">
        {(r) => (
          <div aria-busy={updating || undefined} className={updating ? 'opacity-60' : undefined}>
            <div className="mt-1 flex flex-wrap items-start justify-between gap-3">
              <p className="max-w-prose text-sm text-slate-600">
                Submitted from {formatDay(r.from)} to {formatDay(r.to)}, by committee and month of submission;
                open past due as of now. Counts only: no grievance's subject or student is shown.
              </p>
              <div className="print:hidden">
                <ExportCsvLink
                  href={grievanceReportCsvUrl(r)}
                  label="Download CSV"
                  fileName={grievanceReportFileName(r)}
                />
              </div>
            </div>
            {r.rows.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{MSG_GRIEVANCE_REPORT.none}</p>
            ) : (
              <FigureTable
                caption="Grievances by committee and month"
                columns={COLUMNS}
                rows={r.rows.map((row) => ({
                  key: `${row.committee}|${row.month}`,
                  cells: [
                    <abbr key="committee" title={COMMITTEE_NAMES[row.committee]} className="no-underline">
                      {SHORT_NAMES[row.committee]}
                    </abbr>,
                    formatMonth(row.month),
                    formatCount(row.received),
                    formatCount(row.decided),
                    formatCount(row.decidedByDue),
                    formatCount(row.appealed),
                    formatCount(row.appealsDecidedByDue),
                    formatCount(row.openPastDue),
                    <Median key="median" value={row.medianWorkingDays} />,
                  ],
                }))}
              />
            )}
            {r.rows.length > 0 && (
              <p className="mt-2 text-xs text-slate-600">
                SGRC: {COMMITTEE_NAMES.sgrc}. ICC: {COMMITTEE_NAMES.icc}. On time: decided by the due date (15
                working days). Appeals on time: decided by theirs (30 days). Past due: still open now, its due
                date passed. Working days leave out weekends and holidays.
              </p>
            )}
          </div>
        )}
      </QueryState>
    </Part>
  );
}
