import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_WHO_MAX, type TAuditEntry } from '@bit/contract';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { FilterBar, FilterText } from '../../../components/filter-bar';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
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
import { filterParams, useUrlFilters } from '../../../hooks/use-url-filters';
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

/** The audit log's filters in its URL: ?action=&from=&to=&who=&actor=&page=&before= */
const FILTER_KEYS = ['action', 'from', 'to', 'who', 'actor'] as const;

const actionLabel = (e: TAuditEntry) => AUDIT_ACTION_LABELS[e.action];

/** A user by name ("Asha Rao", user #12), "Notice #4"; "—" for an action on nothing in particular (an export). */
function targetText(e: TAuditEntry) {
  if (!e.target) return '—';
  if (e.target.name !== undefined) return `${e.target.name} (user #${e.target.id})`;
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
        to={`${paths.auditLog}?${filterParams({ actor: String(id) })}`}
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
  const url = useUrlFilters(FILTER_KEYS);
  const filters: TAuditFilters = useMemo(
    () => ({ ...url.values, page: url.page, before: url.before }),
    [url.values, url.page, url.before],
  );
  const cursors = usePageCursors(url.scope);
  // a page opened from a link (or the back button) carries its start in the URL
  cursors.know(filters.page, filters.before);
  const query = useAudit(filters);
  useErrorToast(query.error, (error) => errorMessage(error, AUDIT_TEXT.fetchFailed));
  const list = query.data;
  const formRef = useRef<HTMLFormElement>(null);
  // a table from Tailwind's sm on, cards below it: nothing to scroll sideways on a phone
  const wide = useMediaQuery(SM_UP, true);

  // A 400 names the fields it refuses: shown under each, and the first is focused.
  const refused = query.error instanceof ApiError ? query.error.errors : [];
  const errorOf = (field: keyof TAuditFilters) => refused.find((e) => e.field === field)?.message;
  useEffect(() => {
    if (query.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [query.error]);

  const filtered = url.setCount() > 0;
  // an actor's link keeps to one user: named from their entries
  const actorName = filters.actor ? list?.data.find((e) => e.actor)?.actor?.name : undefined;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.auditLog}</h1>
      <p className="mt-1 text-slate-600">
        Approvals, notice deletions, exports, two-step sign-in and admin accounts: who did what, and from
        where. Entries are kept two years.
      </p>

      <Card className="mt-6">
        <FilterBar
          label="Audit log filters"
          formRef={formRef}
          setCount={url.setCount()}
          onClear={url.clear}
          invalid={(refused?.length ?? 0) > 0}
          fieldsClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start"
        >
          <SelectField
            label="Action"
            name="action"
            value={filters.action}
            onChange={(e) => url.set({ action: e.target.value })}
            placeholder="Any"
            options={ACTION_OPTIONS}
            error={errorOf('action')}
          />
          <TextField
            label="From"
            type="date"
            name="from"
            value={filters.from}
            onChange={(e) => url.set({ from: e.target.value })}
            error={errorOf('from')}
          />
          <TextField
            label="To"
            type="date"
            name="to"
            value={filters.to}
            onChange={(e) => url.set({ to: e.target.value })}
            error={errorOf('to')}
          />
          <FilterText
            label="Who (name or email)"
            name="who"
            autoComplete="off"
            maxLength={AUDIT_WHO_MAX}
            value={filters.who}
            onCommit={(who) => url.set({ who, actor: '' })}
            error={errorOf('who')}
          />
        </FilterBar>
        {filters.actor && (
          <p role="status" className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            Showing the entries of {actorName ?? `user #${filters.actor}`}.
            <button
              type="button"
              onClick={() => url.set({ actor: '' })}
              className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Show everyone’s
            </button>
          </p>
        )}
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
            onPageChange={(page) => url.setPage(page, cursors.move(list, page))}
            label="Audit log pages"
          />
        )}
      </Card>
    </section>
  );
}
