import { COMPLAINT_TYPES, MSG, periodIssue, REPORT_DAYS_DEFAULT, type TReport } from '@bit/contract';
import { useEffect, useRef, useState } from 'react';
import { CsvTimesNote, ExportCsvLink } from '../../../components/export-csv-link';
import { FilterBar } from '../../../components/filter-bar';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { SHELL_HEADINGS } from '../../../config/headings';
import { hostelOptions } from '../../../config/options';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { addDays, formatDay, formatMonth, localDay, yearBefore } from '../../../lib/dates';
import { exportComplaintsUrl } from '../../../lib/export-url';
import { useReport } from '../api/get-report';
import type { TReportFilters } from '../api/keys';
import { BarsChart, MonthChart, MonthChartKey } from './charts';
import { FigureTable, Part } from './figure-table';
import { formatCount, formatHours } from './format';
import { GrievanceReport } from './grievance-report';

const REPORT_FAILED = 'Failed to load the report';

/** The server's period without dates (the contract's zod-free period.ts: no schema comes with it). */
export const DEFAULT_DAYS = REPORT_DAYS_DEFAULT;

/** The report's filters in its URL: ?from=&to=&type=&hostelNo= */
const FILTER_KEYS = ['from', 'to', 'type', 'hostelNo'] as const;

type TRange = { from: string; to: string };

/** A period refused before it is asked for: the field it is said under, and why. */
type TRefusal = { field: 'from' | 'to'; message: string };

/**
 * What is wrong with the form's period (the contract's periodIssue, as the server would answer),
 * said of the date that was changed from the period shown (`applied`) when only one was: a From moved
 * a year back is what made the period too long, whatever the server's 400 would name.
 */
function periodRefusal(form: TRange, applied: TRange): TRefusal | null {
  const issue = periodIssue(form.from || undefined, form.to || undefined);
  if (!issue) return null;
  const fromChanged = form.from !== applied.from;
  const toChanged = form.to !== applied.to;
  const field = fromChanged && !toChanged ? 'from' : toChanged && !fromChanged ? 'to' : issue.field;
  return { field, message: issue.message };
}

/**
 * The quick periods, each ending today (the browser's day). The default one leaves the dates out, so
 * the server reports its own last DEFAULT_DAYS days in its time zone.
 */
const PERIODS: ReadonlyArray<{ label: string; range: (today: string) => TRange; isDefault?: true }> = [
  { label: 'Last 30 days', range: (today) => ({ from: addDays(today, -29), to: today }) },
  {
    label: `Last ${DEFAULT_DAYS} days`,
    range: () => ({ from: '', to: '' }),
    isDefault: true,
  },
  { label: 'Last 12 months', range: (today) => ({ from: yearBefore(today), to: today }) },
];

/** Whether the URL's period is this quick period's. */
function isPeriod(filters: TRange, period: (typeof PERIODS)[number], today: string) {
  const { from, to } = period.range(today);
  if (filters.from === from && filters.to === to) return true;
  return (
    period.isDefault === true && filters.from === addDays(today, 1 - DEFAULT_DAYS) && filters.to === today
  );
}

/**
 * /reports (admins, CONTRACT 5.6): filed, resolved and rejected complaints over a period, how long
 * they took, month by month, by category and by hostel, and the open backlog by age. The URL holds
 * the period and filters; the page prints on A4.
 */
export function Reports() {
  useDocumentTitle('Reports');
  const url = useUrlFilters(FILTER_KEYS);
  const filters: TReportFilters = url.values;
  const query = useReport(filters);
  // A 400 that names fields is said under them and nowhere else: no toast, no banner (issue 33 row 9).
  const refused = query.error instanceof ApiError ? (query.error.errors ?? []) : [];
  useErrorToast(refused.length > 0 ? null : query.error, (error) => errorMessage(error, REPORT_FAILED));
  const formRef = useRef<HTMLFormElement>(null);

  // The form follows the URL (first load, back/forward, a quick period); a date the URL leaves out
  // shows the one the server chose once its report says it, filling only the dates still empty: a
  // type or hostel picked while the first report was loading stays picked.
  const echoed = query.isPlaceholderData ? undefined : query.data;
  const [form, setForm] = useState<TReportFilters>(filters);
  useEffect(() => setForm(filters), [filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after the URL resets the form (the effect above), its empty dates are filled again
  useEffect(() => {
    if (!echoed) return;
    setForm((prev) => ({ ...prev, from: prev.from || echoed.from, to: prev.to || echoed.to }));
  }, [filters, echoed]);

  // The report on screen and the filters it answers: the last one the server gave. It stays while a
  // refused period is corrected, so the heading's period line and the figures do not go, and the
  // export takes what it shows.
  const [shown, setShown] = useState<{ report: TReport; filters: TReportFilters }>();
  useEffect(() => {
    if (echoed) setShown({ report: echoed, filters });
  }, [echoed, filters]);

  // A period refused here, before it is asked for; gone once either date is changed.
  const [refusal, setRefusal] = useState<TRefusal | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL is a new start
  useEffect(() => setRefusal(null), [filters]);

  // What a field is refused for: the refusal here, else the server's 400 naming it; the field is focused.
  const errorOf = (field: keyof TReportFilters) =>
    refusal
      ? refusal.field === field
        ? refusal.message
        : undefined
      : refused.find((e) => e.field === field)?.message;
  useEffect(() => {
    if (query.error || refusal) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [query.error, refusal]);

  const set = (field: keyof TReportFilters) => (value: string) => {
    if (field === 'from' || field === 'to') setRefusal(null);
    setForm((prev) => ({ ...prev, [field]: value }));
  };

  // Each field applies as it changes (one filter bar for every screen, issue 50 item 7), a period
  // the contract refuses excepted: that one is said under its date and not asked for.
  function apply(next: TReportFilters) {
    const applied = { from: filters.from || (echoed?.from ?? ''), to: filters.to || (echoed?.to ?? '') };
    const refusing = periodRefusal(next, applied);
    if (refusing) {
      setRefusal(refusing);
      return;
    }
    // the server's own period, untouched, stays the server's: its dates stay out of the URL
    const serversPeriod =
      !filters.from && !filters.to && echoed && next.from === echoed.from && next.to === echoed.to;
    const change = serversPeriod ? { ...next, from: '', to: '' } : next;
    // a field set back to what is shown asks for nothing
    if (FILTER_KEYS.some((k) => change[k] !== filters[k])) url.set(change);
  }

  const change = (field: keyof TReportFilters) => (value: string) => {
    set(field)(value);
    // a date typed part way is '' in the field: nothing to ask for yet
    if ((field === 'from' || field === 'to') && value === '' && form[field] !== '') return;
    apply({ ...form, [field]: value });
  };

  function onClear() {
    if (url.setCount() > 0) url.clear();
    else setForm({ from: echoed?.from ?? '', to: echoed?.to ?? '', type: '', hostelNo: '' });
  }

  // "Today" of the quick periods: the server's, once a report of its default period said it, else the
  // day in TIME_ZONE as the browser's clock reckons it.
  const [serverToday, setServerToday] = useState<string>();
  useEffect(() => {
    if (!filters.from && !filters.to && echoed) setServerToday(echoed.to);
  }, [filters, echoed]);
  const today = serverToday ?? localDay();
  const updating = query.isPlaceholderData && query.isFetching;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.reports}</h1>
          <p className="mt-1 text-slate-700" aria-live="polite">
            {shown ? <Period report={shown.report} filters={shown.filters} /> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-3 print:hidden">
          <ExportCsvLink
            href={exportComplaintsUrl(
              shown ? { ...shown.filters, from: shown.report.from, to: shown.report.to } : filters,
            )}
          />
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600 print:hidden">
        The CSV lists the complaints of the period, type and hostel shown. <CsvTimesNote />
      </p>

      <Card className="mt-6 print:hidden">
        <FilterBar
          label="Report filters"
          formRef={formRef}
          setCount={url.setCount()}
          onClear={onClear}
          invalid={refusal !== null || refused.length > 0}
          fieldsClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start"
        >
          <fieldset className="sm:col-span-2 lg:col-span-5">
            <legend className="mb-2 text-sm font-medium text-slate-700">Period</legend>
            <div className="flex flex-wrap gap-2">
              {PERIODS.map((period) => (
                <ToggleButton
                  key={period.label}
                  pressed={isPeriod(filters, period, today)}
                  onPressedChange={() => url.set({ ...form, ...period.range(today) })}
                >
                  {period.label}
                </ToggleButton>
              ))}
            </div>
          </fieldset>
          <TextField
            label="From"
            type="date"
            name="from"
            value={form.from}
            onChange={(e) => change('from')(e.target.value)}
            error={errorOf('from')}
          />
          <TextField
            label="To"
            type="date"
            name="to"
            value={form.to}
            onChange={(e) => change('to')(e.target.value)}
            error={errorOf('to')}
          />
          <SelectField
            label="Type"
            name="type"
            value={form.type}
            onChange={(e) => change('type')(e.target.value)}
            placeholder="All"
            options={COMPLAINT_TYPES}
            error={errorOf('type')}
          />
          <SelectField
            label="Hostel"
            name="hostelNo"
            value={form.hostelNo}
            onChange={(e) => change('hostelNo')(e.target.value)}
            placeholder="All"
            options={hostelOptions}
            error={errorOf('hostelNo')}
          />
        </FilterBar>
      </Card>

      {refused.length > 0 ? (
        // refused fields: the report shown before stays (none at an address refused from the start)
        shown && (
          <div className="mt-6">
            <Figures report={shown.report} />
          </div>
        )
      ) : (
        <QueryState query={query} errorText={errorMessage(query.error, REPORT_FAILED)} className="mt-6">
          {(report) => (
            <div aria-busy={updating || undefined} className={updating ? 'opacity-60' : undefined}>
              {updating && (
                <p role="status" className="sr-only">
                  {MSG.loading}
                </p>
              )}
              <Figures report={report} />
            </div>
          )}
        </QueryState>
      )}

      {/* CONTRACT 7.4: the grievances of the period the complaint figures cover */}
      {shown && <GrievanceReport period={{ from: shown.report.from, to: shown.report.to }} />}
    </section>
  );
}

/** "Complaints filed from 1 Jan 2025 to 31 Mar 2025 · Hostel complaints · Hostel 3": the period the server used. */
function Period({ report, filters }: { report: TReport; filters: TReportFilters }) {
  const parts = [`Complaints filed from ${formatDay(report.from)} to ${formatDay(report.to)}`];
  if (filters.type) parts.push(`${filters.type} complaints`);
  if (filters.hostelNo) parts.push(`Hostel ${filters.hostelNo}`);
  return <>{parts.join(' · ')}</>;
}

/** A figure in hours, or "—" (read as "No data") where there was nothing to measure. */
function Hours({ value }: { value: number | null }) {
  const text = formatHours(value);
  if (text !== null) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No data</span>
    </>
  );
}

const NOTHING_FILED = 'No complaints were filed in this period.';

function Figures({ report: r }: { report: TReport }) {
  const totals = [
    { label: 'Filed', value: r.filed, tone: 'text-brand-900' },
    { label: 'Resolved', value: r.resolved, tone: 'text-status-resolved' },
    { label: 'Rejected', value: r.rejected, tone: 'text-status-other' },
  ];
  const backlog = [
    { label: 'Under 1 day', value: r.backlog.under1d, colour: 'fill-brand-600' },
    { label: '1–3 days', value: r.backlog.d1to3, colour: 'fill-brand-800' },
    { label: '3–7 days', value: r.backlog.d3to7, colour: 'fill-status-pending-bar' },
    { label: 'Over 7 days', value: r.backlog.over7d, colour: 'fill-status-other' },
  ];
  return (
    <>
      <Part title="Totals">
        <dl className="mt-3 grid grid-cols-3 gap-3">
          {totals.map((t) => (
            <div key={t.label} className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm text-slate-600">{t.label}</dt>
              <dd className={`mt-1 text-3xl font-bold tabular-nums ${t.tone}`}>{formatCount(t.value)}</dd>
            </div>
          ))}
        </dl>
        <FigureTable
          caption="Hours from filing"
          columns={[
            { header: 'Hours from filing' },
            { header: 'Median', numeric: true },
            { header: '90th percentile', numeric: true },
          ]}
          rows={[
            {
              key: 'resolution',
              cells: [
                'To resolution',
                <Hours key="m" value={r.resolutionHours.median} />,
                <Hours key="p" value={r.resolutionHours.p90} />,
              ],
            },
            {
              key: 'first-response',
              cells: [
                'To first response',
                <Hours key="m" value={r.firstResponseHours.median} />,
                <Hours key="p" value={r.firstResponseHours.p90} />,
              ],
            },
          ]}
        />
      </Part>

      <Part title="Filed and resolved by month">
        {r.filed === 0 || r.byMonth.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{NOTHING_FILED}</p>
        ) : (
          <div className="mt-3 grid gap-6 lg:grid-cols-2 lg:items-start">
            <div>
              <MonthChart months={r.byMonth} />
              <MonthChartKey />
            </div>
            <FigureTable
              caption="Filed and resolved by month"
              columns={[
                { header: 'Month' },
                { header: 'Filed', numeric: true },
                { header: 'Resolved', numeric: true },
                { header: 'Median hours to resolve', numeric: true },
              ]}
              rows={r.byMonth.map((m) => ({
                key: m.month,
                cells: [
                  formatMonth(m.month),
                  formatCount(m.filed),
                  formatCount(m.resolved),
                  <Hours key="h" value={m.medianResolutionHours} />,
                ],
              }))}
            />
          </div>
        )}
      </Part>

      <Part title="Open complaints by age">
        <p className="mt-1 text-sm text-slate-600">Pending or In Progress now, by time since filing.</p>
        <div className="mt-3 grid gap-6 lg:grid-cols-2 lg:items-start">
          <BarsChart bars={backlog} />
          <FigureTable
            caption="Open complaints by age"
            columns={[{ header: 'Age' }, { header: 'Open complaints', numeric: true }]}
            rows={backlog.map((b) => ({ key: b.label, cells: [b.label, formatCount(b.value)] }))}
          />
        </div>
      </Part>

      <Part title="By category">
        {r.byCategory.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{NOTHING_FILED}</p>
        ) : (
          <FigureTable
            caption="By category"
            columns={[
              { header: 'Category' },
              { header: 'Type' },
              { header: 'Filed', numeric: true },
              { header: 'Resolved', numeric: true },
              { header: 'Median hours to resolve', numeric: true },
            ]}
            rows={r.byCategory.map((c) => ({
              key: `${c.type}|${c.subType}`,
              cells: [
                c.subType,
                c.type,
                formatCount(c.filed),
                formatCount(c.resolved),
                <Hours key="h" value={c.medianResolutionHours} />,
              ],
            }))}
          />
        )}
      </Part>

      <Part title="By hostel">
        {r.byHostel.every((h) => h.filed === 0 && h.overdue === 0) ? (
          <p className="mt-3 text-sm text-slate-600">No hostel complaints were filed in this period.</p>
        ) : (
          <FigureTable
            caption="By hostel"
            columns={[
              { header: 'Hostel' },
              { header: 'Filed', numeric: true },
              { header: 'Resolved', numeric: true },
              { header: 'Overdue', numeric: true },
            ]}
            rows={[...r.byHostel]
              .sort((a, b) => a.hostelNo - b.hostelNo)
              .map((h) => ({
                key: String(h.hostelNo),
                cells: [
                  `Hostel ${h.hostelNo}`,
                  formatCount(h.filed),
                  formatCount(h.resolved),
                  formatCount(h.overdue),
                ],
              }))}
          />
        )}
      </Part>
    </>
  );
}
