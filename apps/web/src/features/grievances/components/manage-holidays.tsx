import {
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  GRIEVANCE_LIMITS,
  HOLIDAY_NAME_MAX,
  HOLIDAYS_MAX,
  MSG_CALENDAR,
  type TCalendar,
  WEEKDAY_NAMES,
  workingDaysAfter,
} from '@bit/contract';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatInstant, localDay } from '../../../lib/dates';
import { useCalendar } from '../api/get-calendar';
import { useSetHolidays } from '../api/set-holidays';

type TRow = { key: number; date: string; name: string };

/** The server's `holidays.<i>.<field>` errors, by row and field. */
function rowErrors(error: unknown): Map<string, string> {
  const found = new Map<string, string>();
  if (!(error instanceof ApiError)) return found;
  for (const e of error.errors) {
    const m = /^holidays\.(\d+)\.(date|name)$/.exec(e.field);
    if (m) found.set(`${m[1]}.${m[2]}`, e.message);
  }
  return found;
}

/**
 * When a grievance submitted now would be due (15 working days, CONTRACT 7.1), by the contract's one
 * function over this year's and next year's holidays: the admin sees what the calendar does.
 */
function DuePreview({ thisYear, nextYear }: { thisYear: TCalendar; nextYear: TCalendar | undefined }) {
  const zone = useTimeZone();
  const due = workingDaysAfter(Date.now(), GRIEVANCE_LIMITS.decisionWorkingDays, {
    timeZone: zone,
    workingDays: thisYear.workingDays,
    holidays: [...thisYear.holidays, ...(nextYear?.holidays ?? [])].map((h) => h.date),
  });
  return (
    <p className="mt-2 text-sm text-slate-700">
      A grievance submitted now is due by <strong>{formatInstant(due.toISOString())}</strong> (
      {GRIEVANCE_LIMITS.decisionWorkingDays} working days).
    </p>
  );
}

function HolidaysEditor({
  calendar,
  year,
  isCurrent,
}: {
  calendar: TCalendar;
  year: number;
  isCurrent: boolean;
}) {
  const nextKey = useRef(0);
  const toRows = (c: TCalendar) => c.holidays.map((h) => ({ key: nextKey.current++, ...h }));
  const [rows, setRows] = useState<TRow[]>(() => toRows(calendar));
  const mutation = useSetHolidays();
  const next = useCalendar(year + 1);
  const errors = rowErrors(mutation.error);
  const changed =
    JSON.stringify(rows.map((r) => [r.date, r.name])) !==
    JSON.stringify(calendar.holidays.map((h) => [h.date, h.name]));
  const update = (key: number, patch: Partial<TRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = () =>
    mutation.mutate(
      { year, holidays: rows.map((r) => ({ date: r.date, name: r.name })) },
      {
        onSuccess: (saved) => {
          setRows(toRows(saved));
          toast.success(MSG_CALENDAR.saved(year));
        },
        onError: (error) => toast.error(errorMessage(error, MSG_CALENDAR.saveFailed)),
      },
    );

  return (
    <Card className="mt-6 !p-4 sm:!p-6">
      <p className="text-sm text-slate-700">
        Working days: {calendar.workingDays.map((d) => WEEKDAY_NAMES[d]).join(', ')} (WORKING_DAYS), less the
        holidays below.
      </p>
      {isCurrent && <DuePreview thisYear={calendar} nextYear={next.data} />}
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Holidays of {year}</h2>
      {rows.length === 0 && <p className="mt-2 text-sm text-slate-600">No holidays in {year} yet.</p>}
      <ul className="mt-2 space-y-3">
        {rows.map((r, i) => (
          <li key={r.key} className="flex flex-wrap items-start gap-2 border-b border-slate-200 pb-3">
            <TextField
              label="Date"
              type="date"
              className="w-full sm:w-44"
              min={`${year}-01-01`}
              max={`${year}-12-31`}
              value={r.date}
              error={errors.get(`${i}.date`)}
              onChange={(e) => update(r.key, { date: e.target.value })}
            />
            <TextField
              label="Name"
              className="min-w-0 flex-1 basis-48"
              maxLength={HOLIDAY_NAME_MAX}
              value={r.name}
              error={errors.get(`${i}.name`)}
              onChange={(e) => update(r.key, { name: e.target.value })}
            />
            <Button
              variant="ghost"
              className="sm:mt-6"
              aria-label={`Remove ${r.name || r.date || 'this holiday'}`}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={rows.length >= HOLIDAYS_MAX}
          onClick={() => setRows((rs) => [...rs, { key: nextKey.current++, date: '', name: '' }])}
        >
          Add a holiday
        </Button>
        <Button disabled={!changed || mutation.isPending} onClick={save}>
          {mutation.isPending ? 'Saving...' : `Save holidays of ${year}`}
        </Button>
        {changed && <span className="text-sm text-slate-600">Not saved yet</span>}
      </div>
      <p className="mt-3 text-xs text-slate-500">
        A deadline is fixed when it is set: changing the holidays moves no deadline already set.
      </p>
    </Card>
  );
}

/** The admin's holidays screen (CONTRACT 7.1): each year's holidays, a year at a time. */
export function ManageHolidays() {
  useDocumentTitle('Holidays');
  // the year in the server's TIME_ZONE, drawn again when the server's answer changes it
  useTimeZone();
  const current = Number(localDay().slice(0, 4));
  const [year, setYear] = useState(current);
  const calendar = useCalendar(year);
  useErrorToast(calendar.error, (e) => errorMessage(e, MSG_CALENDAR.fetchFailed));
  // the placeholder (last year's answer) is not this year's: the editor waits for its own
  const shown = calendar.data?.year === year ? calendar : { ...calendar, data: undefined };
  const years = Array.from({ length: 5 }, (_, i) => current - 1 + i).filter(
    (y) => y >= CALENDAR_YEAR_MIN && y <= CALENDAR_YEAR_MAX,
  );
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Holidays</h1>
      <p className="mt-1 text-slate-600">
        Grievances' time limits are counted in working days: the days of the working week that are not
        holidays.
      </p>
      <SelectField
        label="Year"
        className="mt-4 w-40"
        value={String(year)}
        onChange={(e) => setYear(Number(e.target.value))}
        options={years.map(String)}
      />
      <QueryState query={shown} errorText={MSG_CALENDAR.fetchFailed} className="mt-6" reserve="min-h-96">
        {(c) => <HolidaysEditor key={c.year} calendar={c} year={c.year} isCurrent={c.year === current} />}
      </QueryState>
    </section>
  );
}
