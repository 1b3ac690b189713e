import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from '@bit/contract';
import { useMemo } from 'react';
import { FilterBar, FilterText } from '../../../components/filter-bar';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/form-field';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { SHELL_HEADINGS } from '../../../config/headings';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useGrievances } from '../api/get-grievances';
import type { TGrievanceListFilter } from '../api/keys';
import { GrievanceRows, grievanceCount } from './grievance-rows';

const FAILED = 'Could not load the grievances';
const FILTER_KEYS = ['status', 'category', 'overdue', 'q'] as const;
const oneOf = (list: readonly string[], value: string) => (list.includes(value) ? value : '');

/**
 * A committee member's grievances (CONTRACT 7.2): their committees' ones, the Ombudsperson's the
 * appealed ones; filtered by status, category and overdue, searched by number or words, the URL holding
 * the filters. An authority on no committee is told so (the server's 403).
 */
export function GrievancesList() {
  useDocumentTitle(SHELL_HEADINGS.grievances);
  const url = useUrlFilters(FILTER_KEYS);
  const { values, page } = url;
  const filter: TGrievanceListFilter = useMemo(
    () => ({
      page,
      before: undefined,
      status: oneOf(GRIEVANCE_STATUSES, values.status),
      category: oneOf(GRIEVANCE_CATEGORIES, values.category),
      overdue: values.overdue === 'true',
      q: values.q.trim().slice(0, 100),
    }),
    [values, page],
  );
  const query = useGrievances(filter);
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  useErrorToast(forbidden || !query.data ? null : query.error, (e) => errorMessage(e, FAILED));
  const list = query.data;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{SHELL_HEADINGS.grievances}</h1>
      {forbidden ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {errorMessage(query.error, FAILED)}. You are on no grievance committee; the admin appoints their
          members.
        </p>
      ) : (
        <Card className="mt-6">
          <FilterBar
            label="Grievance filters"
            setCount={url.setCount()}
            onClear={url.clear}
            fieldsClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          >
            <FilterText
              label="Search"
              placeholder="GRV-… or words"
              value={filter.q}
              onCommit={(q) => url.set({ q })}
              maxLength={100}
            />
            <SelectField
              label="Status"
              name="status"
              value={filter.status}
              onChange={(e) => url.set({ status: e.target.value })}
              placeholder="All"
              options={GRIEVANCE_STATUSES}
            />
            <SelectField
              label="Category"
              name="category"
              value={filter.category}
              onChange={(e) => url.set({ category: e.target.value })}
              placeholder="All"
              options={GRIEVANCE_CATEGORIES}
            />
            <div className="flex items-end">
              <ToggleButton pressed={filter.overdue} onPressedChange={(overdue) => url.set({ overdue })}>
                Overdue
              </ToggleButton>
            </div>
          </FilterBar>
          <p className="mt-4 text-sm font-medium text-slate-700" aria-live="polite">
            {list ? grievanceCount(list.count) : ''}
          </p>
          <QueryState
            query={query}
            errorText={errorMessage(query.error, FAILED)}
            isEmpty={(d) => d.data.length === 0}
            empty={filter.overdue ? 'No overdue grievances.' : 'No grievances found.'}
            className="mt-4"
          >
            {(found) => (
              <>
                <GrievanceRows grievances={found.data} label="Grievances" showStudent />
                <Pagination
                  page={found.page}
                  pageSize={found.pageSize}
                  count={found.count}
                  onPageChange={(to) => url.setPage(to, undefined)}
                />
              </>
            )}
          </QueryState>
        </Card>
      )}
    </section>
  );
}
