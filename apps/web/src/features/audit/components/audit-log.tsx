import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type TAuditEntry } from '@bit/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { TableScroll } from '../../../components/ui/table-scroll';
import { SHELL_HEADINGS } from '../../../config/headings';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { SM_UP, useMediaQuery } from '../../../hooks/use-media-query';
import { usePageCursors } from '../../../hooks/use-page-cursors';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';
import type { TAuditFilters } from '../api/keys';

const AUDIT_TEXT = {
  fetchFailed: 'Failed to load the audit log',
  empty: 'No admin actions have been recorded yet.',
  emptyFiltered: 'No entries match these filters.',
  commandLine: 'Command line',
} as const;

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));

type TFilterForm = Omit<TAuditFilters, 'page' | 'before'>;
const EMPTY_FORM: TFilterForm = { action: '', from: '', to: '', actor: '' };
const FILTER_KEYS = ['action', 'from', 'to', 'actor'] as const;

/** Reads the filters from the query string: ?action=&from=&to=&actor=&page=&before= */
function filtersFromParams(params: URLSearchParams): TAuditFilters {
  const page = Number(params.get('page'));
  const before = Number(params.get('before'));
  const onPage = Number.isInteger(page) && page >= 1 ? page : 1;
  return {
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    actor: params.get('actor') ?? '',
    page: onPage,
    // a page's start only means something past page 1
    before: onPage > 1 && Number.isSafeInteger(before) && before >= 1 ? before : undefined,
  };
}

/** The filters as a query string: empty values, and page 1, are left out. */
function toParams(filters: Partial<TAuditFilters>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || value === undefined || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}

const actionLabel = (e: TAuditEntry) => AUDIT_ACTION_LABELS[e.action];

/** "User #12", "Notice #4"; "—" for an action on nothing in particular (an export). */
function targetText(e: TAuditEntry) {
  if (!e.target) return '—';
  const type = e.target.type.charAt(0).toUpperCase() + e.target.type.slice(1);
  return `${type} #${e.target.id}`;
}

/** Who did it: their name, a link to their entries alone, with role and id; or the command line. */
function Actor({ entry }: { entry: TAuditEntry }) {
  if (!entry.actor) return <span className="text-slate-600">{AUDIT_TEXT.commandLine}</span>;
  const { id, name, role } = entry.actor;
  return (
    <>
      <Link
        to={`${paths.auditLog}?${toParams({ actor: String(id) })}`}
        className="font-medium break-words text-brand-700 underline underline-offset-2 hover:text-brand-900"
        aria-label={`${name}: show only their entries`}
      >
        {name}
      </Link>
      <span className="block text-xs text-slate-500">
        {role}, user #{id}
      </span>
    </>
  );
}

/**
 * /audit-log (admins, CONTRACT 6.5): every admin action, newest first, with who did it, on what, from
 * which address; filtered by action, days of the server's time zone and user. The URL holds the
 * filters and the page.
 */
export function AuditLog() {
  useDocumentTitle('Audit log');
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  const filters = useMemo(() => filtersFromParams(searchParams), [key]);
  const [form, setForm] = useState<TFilterForm>(filters);
  const cursors = usePageCursors(FILTER_KEYS.map((k) => filters[k]).join('|'));
  // a page opened from a link (or the back button) carries its start in the URL
  cursors.know(filters.page, filters.before);
  const query = useAudit(filters);
  useErrorToast(query.error, (error) => errorMessage(error, AUDIT_TEXT.fetchFailed));
  const list = query.data;
  const formRef = useRef<HTMLFormElement>(null);
  // a table from Tailwind's sm on, cards below it: nothing to scroll sideways on a phone
  const wide = useMediaQuery(SM_UP, true);

  // the form follows the URL (first load, back/forward, an actor's link)
  useEffect(() => {
    setForm({ action: filters.action, from: filters.from, to: filters.to, actor: filters.actor });
  }, [filters]);

  // A 400 names the fields it refuses: shown under each, and the first is focused.
  const refused = query.error instanceof ApiError ? query.error.errors : [];
  const errorOf = (field: keyof TFilterForm) => refused.find((e) => e.field === field)?.message;
  useEffect(() => {
    if (query.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [query.error]);

  const set = (field: keyof TFilterForm) => (value: string) =>
    setForm((prev) => ({ ...prev, [field]: value }));

  function onApply(event: FormEvent) {
    event.preventDefault();
    const next = toParams({ ...form, actor: form.actor.trim() });
    if (next.toString() === key) void query.refetch();
    else setSearchParams(next);
  }

  function onClear() {
    setForm(EMPTY_FORM);
    setSearchParams(new URLSearchParams());
  }

  const filtered = FILTER_KEYS.some((k) => filters[k] !== '');

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.auditLog}</h1>
      <p className="mt-1 text-slate-600">
        Approvals, notice deletions, exports, two-step sign-in and admin accounts: who did what, and from
        where. Entries are kept two years.
      </p>

      <Card className="mt-6">
        <form
          ref={formRef}
          onSubmit={onApply}
          noValidate
          aria-label="Audit log filters"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start"
        >
          <SelectField
            label="Action"
            name="action"
            value={form.action}
            onChange={(e) => set('action')(e.target.value)}
            placeholder="Any"
            options={ACTION_OPTIONS}
            error={errorOf('action')}
          />
          <TextField
            label="From"
            type="date"
            name="from"
            value={form.from}
            onChange={(e) => set('from')(e.target.value)}
            error={errorOf('from')}
          />
          <TextField
            label="To"
            type="date"
            name="to"
            value={form.to}
            onChange={(e) => set('to')(e.target.value)}
            error={errorOf('to')}
          />
          <TextField
            label="User id (optional)"
            name="actor"
            inputMode="numeric"
            autoComplete="off"
            value={form.actor}
            onChange={(e) => set('actor')(e.target.value)}
            error={errorOf('actor')}
          />
          <div className="flex gap-3 lg:mt-6">
            <Button type="submit">Apply</Button>
            <Button variant="secondary" onClick={onClear}>
              Clear
            </Button>
          </div>
        </form>
      </Card>

      <Card className="mt-6">
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {list ? `${list.count} ${list.count === 1 ? 'entry' : 'entries'}` : ''}
        </p>
        <QueryState
          query={query}
          errorText={errorMessage(query.error, AUDIT_TEXT.fetchFailed)}
          isEmpty={(page) => page.data.length === 0}
          empty={filtered ? AUDIT_TEXT.emptyFiltered : AUDIT_TEXT.empty}
          className="mt-4"
        >
          {(page) =>
            wide ? (
              <TableScroll label="Audit log">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Audit log, newest first</caption>
                  <thead className="border-b border-slate-200 text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        When
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Action
                      </th>
                      <th scope="col" className="px-3 py-2">
                        By
                      </th>
                      <th scope="col" className="px-3 py-2">
                        On
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Address
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {page.data.map((e) => (
                      <tr key={e.id}>
                        <td className="px-3 py-2 whitespace-nowrap">
                          <DateTime iso={e.at} />
                        </td>
                        <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                          {actionLabel(e)}
                        </th>
                        <td className="px-3 py-2">
                          <Actor entry={e} />
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">{targetText(e)}</td>
                        <td className="px-3 py-2 break-all">{e.ip ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : (
              // a phone: one card each, every line within the screen's width
              <ul aria-label="Audit log" className="mt-4 space-y-3">
                {page.data.map((e) => (
                  <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <h2 className="font-semibold text-slate-900">{actionLabel(e)}</h2>
                    <DateTime iso={e.at} className="mt-0.5 block text-sm text-slate-600" />
                    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-slate-600">By</dt>
                      <dd className="min-w-0 text-slate-800">
                        <Actor entry={e} />
                      </dd>
                      <dt className="text-slate-600">On</dt>
                      <dd className="min-w-0 text-slate-800">{targetText(e)}</dd>
                      <dt className="text-slate-600">Address</dt>
                      <dd className="min-w-0 break-all text-slate-800">{e.ip ?? '—'}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {list && (
          <Pagination
            page={filters.page}
            pageSize={AUDIT_PAGE_SIZE}
            count={list.count}
            onPageChange={(page) =>
              setSearchParams(toParams({ ...filters, page, before: cursors.move(list, page) }))
            }
            label="Audit log pages"
          />
        )}
      </Card>
    </section>
  );
}
